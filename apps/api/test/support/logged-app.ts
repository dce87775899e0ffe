import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { freshDatabase } from '../helpers.ts';

export type LoggedApp = { app: FastifyInstance; logs: string[]; dataDir: string };

/**
 * The real app on a fresh database with every pino line it writes kept in `logs` (trace level),
 * closed after the file's tests. `env` goes through loadConfig (NODE_ENV=production and the like);
 * `overrides` then replace single settings. `beforeReady` may add test-only routes.
 */
export async function startLoggedApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<LoggedApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  const database = await freshDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG_N: '14', ...env, DATA_DIR: dataDir }),
    logLevel: 'trace',
    ...overrides,
  };
  const app = await buildApp({ config, database, logStream });
  beforeReady?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, logs, dataDir };
}
