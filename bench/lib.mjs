// Shared helpers for the benchmarks: start the production build on a free port, sample memory.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts `node <script>` with env, waits until `readyPath` answers 200, returns {url, pid, stop}. */
export async function startNode(script, env, readyPath, logFile) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine seeds the demo data slowly; BENCH_READY_SECONDS waits longer.
  const readySeconds = Number(process.env.BENCH_READY_SECONDS || 120);
  const deadline = Date.now() + readySeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${script} not ready in ${readySeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Samples a process's RSS every 250 ms until stopped; returns the peak. */
export function sampleRss(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {}
  }, 250);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** Debian's Chromium and the flags the page benchmarks run it with (headless, no background traffic). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse (mobile) run of `url` in the Chromium on `port`: the four category scores and the main timings. */
export async function lighthouseMobile(lighthouse, url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    formFactor: 'mobile',
  });
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    best_practices: Math.round(categories['best-practices'].score * 100),
    seo: Math.round(categories.seo.score * 100),
    fcp_ms: Math.round(audits['first-contentful-paint'].numericValue),
    lcp_ms: Math.round(audits['largest-contentful-paint'].numericValue),
    cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    tbt_ms: Math.round(audits['total-blocking-time'].numericValue),
    // Why a category could not be scored (Lighthouse's runtime error, or the first metric audit's error), if it could not.
    error:
      result.lhr.runtimeError?.code ??
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
        .map((id) => audits[id]?.errorMessage)
        .find(Boolean),
    failed_audits: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}
