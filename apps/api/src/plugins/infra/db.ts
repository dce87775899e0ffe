import path from 'node:path';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../../db/client.ts';
import { syncPlaceMentions } from '../../services/properties/place-mentions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export type DbPluginOptions = {
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
};

/**
 * Decorates the app with the Drizzle database; PGlite under DATA_DIR unless DATABASE_URL is set.
 * With DATABASE_READ_URL, `database.readDb` is a second pool on the read replica (public listing
 * reads only, services/properties/listing-reads.ts); `db` stays the primary.
 */
export default fp<DbPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const ownsDatabase = !opts.database;
    if (ownsDatabase && config.databaseReadUrl && !config.databaseUrl)
      throw new Error(
        'DATABASE_READ_URL is set but DATABASE_URL is not: a read replica needs a PostgreSQL primary ' +
          '(PGlite has no replicas). Set DATABASE_URL to the primary, or unset DATABASE_READ_URL.',
      );
    const database =
      opts.database ??
      (config.databaseUrl
        ? await openDatabase({
            kind: 'postgres',
            url: config.databaseUrl,
            readUrl: config.databaseReadUrl,
            onIdleError: (err) =>
              app.log.error({ err }, 'database: an idle connection was dropped; the pool reconnects'),
            onReadIdleError: (err) =>
              app.log.error({ err }, 'read replica: an idle connection was dropped; the pool reconnects'),
          })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') }));
    // The places listings' texts name, from today's gazetteer (ADR 044): one read unless the gazetteer changed.
    if (await syncPlaceMentions(database.db)) app.log.info('named places rewritten from the gazetteer');
    app.log.info({ kind: database.kind, readReplica: database.readDb !== database.db }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (ownsDatabase) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
