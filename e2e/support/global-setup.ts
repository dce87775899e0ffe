import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp } from './app.ts';

/**
 * Prepares the data folders every e2e server starts from (support/app.ts): one migrated and empty, one with the demo
 * data (its photos drawn once, not once per file). Each server then starts from a copy in a second or two.
 */
export default async function setup() {
  const root = mkdtempSync(path.join(tmpdir(), 'baan-e2e-templates-'));
  const empty = path.join(root, 'empty');
  const demo = path.join(root, 'demo');
  // Made one after the other: the two are different folders, but each start is CPU-bound on a 2-core machine.
  for (const [dataDir, seed] of [
    [empty, '0'],
    [demo, '1'],
  ] as const) {
    // Drawing the demo photos takes a while on a busy machine: once per run, so wait for it generously.
    const app = await startApp({ SEED_DEMO: seed }, { dataDir, readyWithinMs: 300_000 });
    await app.stop();
    // What a start leaves that a copy must not carry over: uploads in progress (wiped at start anyway).
    rmSync(path.join(dataDir, 'tmp'), { recursive: true, force: true });
  }
  process.env.BAAN_E2E_TEMPLATES = JSON.stringify({ empty, demo });
  return () => rmSync(root, { recursive: true, force: true });
}
