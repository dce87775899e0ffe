// The closed-loop HTTP client of the TypeScript benches (search, million): GET with a keep-alive agent, N clients
// each sending its next request when the previous one answered, for a given time; percentiles of the latencies.
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const load = () => loadavg().map(round1);
export const percentile = (xs: number[], p: number) => {
  const sorted = Float64Array.from(xs).sort();
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : 0;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** Closes the kept connections (call before the process should end). */
export const closeAgent = () => agent.destroy();

export function get(port: number, urlPath: string) {
  return new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: urlPath, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function closedLoop(port: number, next: () => string, clients: number, seconds: number) {
  const ms: number[] = [];
  const bad: string[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const url = next();
        const r = await get(port, url);
        ms.push(r.ms);
        if (r.status !== 200 && bad.length < 5) bad.push(`${r.status} ${url} ${r.body.slice(0, 200)}`);
      }
    }),
  );
  return {
    clients,
    requests: ms.length,
    p50_ms: round1(percentile(ms, 50)),
    p90_ms: round1(percentile(ms, 90)),
    p99_ms: round1(percentile(ms, 99)),
    max_ms: round1(percentile(ms, 100)),
    errors: bad,
  };
}

/** The production server's environment for a search bench on `databaseUrl`: no demo seed, the read cache off. */
export const uncachedServerEnv = (dataDir: string, databaseUrl: string) => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  LISTING_CACHE_TTL_MS: '0',
  DATABASE_URL: databaseUrl,
});

/** What every search bench's results start with. */
export const benchHeader = (listings: number, seconds: number) => ({
  date: new Date().toISOString(),
  database: 'PostgreSQL (throwaway server, e2e/cluster/harness.ts)',
  machine: { cpus: cpus().length, node: process.version, load_start: load() },
  listings,
  seconds_per_run: seconds,
  listing_cache: 'off (LISTING_CACHE_TTL_MS=0)',
});
