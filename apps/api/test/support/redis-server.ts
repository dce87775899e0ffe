import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH || 'redis-server';

/** Fails loudly (never skips) when the binary is missing: the shared rate-limit store must be tested. */
export function assertRedisServerInstalled(): void {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `redis-server not found (${REDIS_SERVER}); the Redis rate-limit tests need it. ` +
        'Install it with: sudo apt-get install -y redis-server',
    );
  }
}

export type RedisServer = {
  url: string;
  port: number;
  pid: number;
  /** SIGSTOP: the server keeps its connections but answers nothing (a hung Redis). */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  /** SIGKILL and waits for the exit; idempotent. */
  stop(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway redis-server on a free 127.0.0.1 port (or the one given), in its own temp dir,
 * persisting nothing.
 */
export async function startRedisServer(wantedPort?: number): Promise<RedisServer> {
  assertRedisServerInstalled();
  const dir = mkdtempSync(path.join(tmpdir(), 'baan-redis-'));
  const port = wantedPort ?? (await freePort());
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 10 s:\n${output}`)), 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`));
    });
  });
  const pid = child.pid as number;
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid,
    pause: () => process.kill(pid, 'SIGSTOP'),
    resume: () => process.kill(pid, 'SIGCONT'),
    async stop() {
      if (!stopped) {
        stopped = true;
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
