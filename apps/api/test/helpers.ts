import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

/** A fresh, migrated database of the kind this run targets (PGlite snapshot or PostgreSQL). */
export async function freshDatabase(): Promise<Database> {
  const target = inject('dbTarget');
  if (target.kind === 'pglite') {
    const snapshot = new Blob([readFileSync(target.snapshot)]);
    return openDatabase({ kind: 'pglite', loadDataDir: snapshot });
  }
  const name = `baan_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: target.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TestApp = FastifyInstance & { dataDir: string };

/**
 * Builds the real app on a fresh database, closed after the file's tests. Each call gets its own
 * DATA_DIR (uploads, secrets) under the OS temp folder; log lines go to `logStream` when given.
 */
export async function build(overrides: Partial<Config> = {}, logStream?: DestinationStream): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    // Far longer than any test runs: a write that forgets app.listingCache.clear() shows up as a
    // stale read, instead of passing because the default 5 s had run out on a slow machine.
    listingCacheTtlMs: 60 * 60_000,
    ...overrides,
  };
  const database = await freshDatabase();
  const app = (await buildApp({ config, database, logStream })) as TestApp;
  app.dataDir = dataDir;
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/** The parsed JSON body of an injected response. */
export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** A rendered page's words: tags dropped, white space collapsed (the server-rendered page tests). */
export const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every JSON-LD block of a rendered page, parsed. */
export const jsonLdBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, json = '']) => JSON.parse(json) as Record<string, unknown>,
  );
