import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../apps/api/bin/baan.js', import.meta.url));

export type RunningApp = {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (pino JSON lines). */
  logs: () => string;
  /** SIGTERM, wait, and remove the DATA_DIR (unless it was given to startApp). */
  stop: () => Promise<void>;
  /** SIGKILL, as a crash or power cut would; the DATA_DIR stays for a restart. */
  kill: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Data folders made once per run by e2e/support/global-setup.ts (their paths in BAAN_E2E_TEMPLATES): `empty`
 * (migrated, no data) and `demo` (migrated and filled with the demo data). A server started without a folder of its
 * own starts from a copy of one, so it neither migrates nor draws the demo photos again.
 */
function templateFor(env: Record<string, string>): string | undefined {
  const templates = process.env.BAAN_E2E_TEMPLATES;
  if (!templates) return undefined;
  const { empty, demo } = JSON.parse(templates) as { empty: string; demo: string };
  return env.SEED_DEMO === '1' ? demo : empty;
}

/**
 * Starts the production build (`node apps/api/bin/baan.js`, so the pid we keep is the server's) on a
 * free port with a temporary DATA_DIR (a copy of a prepared one when the run has them), and waits until
 * /api/health answers.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { dataDir?: string; readyWithinMs?: number } = {},
): Promise<RunningApp> {
  if (!existsSync(fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url)))) {
    throw new Error('The app is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'baan-e2e-'));
  const template = options.dataDir ? undefined : templateFor(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // As `npm start` runs it: the demo's test card processor and PromptPay ID. A test that needs a
      // production start passes NODE_ENV=production in `env`.
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      // Accounts made in a test are minutes old: the first-week review rule (ADR 017) would hold every listing.
      // Journeys about other things publish at once; owners.test.ts passes 7 and goes through the review.
      MODERATION_NEW_OWNER_DAYS: '0',
      // The cheapest password hashing the server accepts, as the API tests use: every journey signs up and logs in,
      // and at the production cost (2^17) each hash is a few hundred milliseconds of a shared core.
      PASSWORD_SCRYPT_LOG_N: '14',
      // One browser plays every visitor from 127.0.0.1 on a loaded 2-core machine: with the default burst of 4 a busy
      // node answers the tests' quick page loads 429 (a page with no script, which never hydrates). The limit's own
      // tests (apps/api/test) and bench:render-flood keep the default.
      PAGE_RENDER_BURST: '100000',
      // For the same reason no burst challenge (ADR 019): every sign-up, code and inquiry of a file comes from one
      // address. The challenge's own tests (apps/api/test/burst-challenge.test.ts, the web's solver tests) cover it.
      CHALLENGE_BURST: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`))),
  );
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server not ready within ${readyWithinMs / 1000} s:\n${output}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    child.kill('SIGKILL');
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  exited.catch(() => {});
  return {
    url,
    port,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await done;
      }
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await done;
    },
  };
}
