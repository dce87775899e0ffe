import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migratePostgres } from './db/client.ts';
import { checkDataDir, dataDirFolders, startupFailureText } from './lib/data-dir.ts';
import { syncPlaceMentions } from './services/properties/place-mentions.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  await checkDataDir(dataDirFolders(config));
  // PostgreSQL: migrations and the named places' rewrite before the app, outside the plugins' start-up timeout
  // (db/client.ts, migratePostgres; ADR 043, 044).
  if (config.databaseUrl) await migratePostgres(config.databaseUrl, syncPlaceMentions);
  const app = await buildApp({ config });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, close the database; give up after a grace period.
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(startupFailureText(err));
  process.exit(1);
});
