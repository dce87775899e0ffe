import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startApp } from './app.ts';

export type Templates = { empty: string; demo: string };

/**
 * Makes the data folders every e2e server starts from (support/app.ts) under `root`: `empty` (migrated, no data) and
 * `demo` (migrated and filled with the demo data, its photos drawn once, not once per file). Each server then starts
 * from a copy in a second or two.
 */
export async function prepareTemplates(root: string): Promise<Templates> {
  mkdirSync(root, { recursive: true });
  const templates = { empty: path.join(root, 'empty'), demo: path.join(root, 'demo') };
  // Made one after the other: the two are different folders, but each start is CPU-bound on a 2-core machine.
  for (const [dataDir, seed] of [
    [templates.empty, '0'],
    [templates.demo, '1'],
  ] as const) {
    rmSync(dataDir, { recursive: true, force: true });
    // Drawing the demo photos takes a while on a busy machine: once per run, so wait for it generously.
    const app = await startApp({ SEED_DEMO: seed }, { dataDir, readyWithinMs: 300_000 });
    await app.stop();
    // What a start leaves that a copy must not carry over: uploads in progress (wiped at start anyway).
    rmSync(path.join(dataDir, 'tmp'), { recursive: true, force: true });
  }
  return templates;
}

/** Templates another process already made for this run (`npm test` makes them beside the unit step), if complete. */
export function preparedTemplates(): Templates | undefined {
  const given = process.env.BAAN_E2E_TEMPLATES;
  if (!given) return undefined;
  const templates = JSON.parse(given) as Templates;
  return existsSync(templates.empty) && existsSync(templates.demo) ? templates : undefined;
}

// `node --import tsx e2e/support/templates.ts <dir>`: makes the templates ahead of the e2e step (scripts/test.mjs).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2];
  if (!root) throw new Error('usage: templates.ts <folder>');
  await prepareTemplates(root);
}
