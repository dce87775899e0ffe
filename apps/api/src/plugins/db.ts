import path from 'node:path';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../db/client.ts';

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

/** Decorates the app with the Drizzle database; PGlite under DATA_DIR unless DATABASE_URL is set. */
export default fp<DbPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const ownsDatabase = !opts.database;
    const database =
      opts.database ??
      (config.databaseUrl
        ? await openDatabase({
            kind: 'postgres',
            url: config.databaseUrl,
            onIdleError: (err) =>
              app.log.error({ err }, 'database: an idle connection was dropped; the pool reconnects'),
          })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') }));
    app.log.info({ kind: database.kind }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (ownsDatabase) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
