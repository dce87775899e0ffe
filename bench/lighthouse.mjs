// Lighthouse (mobile) on a project page (issue 24: "project pages reach Lighthouse mobile ≥ 95, median of 3"): the
// production build with the demo seed, Debian's Chromium, three runs each of /project/{slug} in English and Thai for
// the demo project with the most listings; the median of each score. Not part of `npm test`.
// Usage: npm run bench:lighthouse   (builds first). Writes bench/results/lighthouse.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, lighthouseMobile, ROOT, startNode } from './lib.mjs';

const RUNS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-bench-lighthouse-'));
const server = await startNode(
  path.join(ROOT, 'apps/api/bin/baan.js'),
  { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  '/api/health',
);

try {
  // Wait for the demo seed (it runs as the server becomes ready), then take its busiest project.
  let slug;
  for (let i = 0; i < 300 && !slug; i += 1) {
    const res = await fetch(`${server.url}/api/projects?sort=listings_desc&per_page=1`)
      .then((r) => r.json())
      .catch(() => null);
    slug = res?.payload?.items?.[0]?.slug;
    if (!slug) await new Promise((r) => setTimeout(r, 500));
  }
  if (!slug) throw new Error('no project to measure: did the demo seed run?');

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const pages = { project_en: `/project/${slug}`, project_th: `/th/project/${slug}` };
  const report = { date: new Date().toISOString(), load_average: loadavg().map((n) => Math.round(n * 10) / 10), slug };
  try {
    // One unmeasured load first, so the first run does not pay for the server's cold caches.
    await fetch(`${server.url}${pages.project_en}`);
    for (const [name, p] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseMobile(lighthouse, `${server.url}${p}`, chrome.port));
      const of = (key) => median(runs.map((r) => r[key]));
      report[name] = {
        median: {
          performance: of('performance'),
          accessibility: of('accessibility'),
          best_practices: of('best_practices'),
          seo: of('seo'),
          lcp_ms: of('lcp_ms'),
          tbt_ms: of('tbt_ms'),
          cls: of('cls'),
        },
        runs,
      };
      console.log(name, report[name].median, 'failed audits:', [...new Set(runs.flatMap((r) => r.failed_audits))]);
    }
  } finally {
    await chrome.kill();
  }
  report.load_average_after = loadavg().map((n) => Math.round(n * 10) / 10);
  writeFileSync(path.join(ROOT, 'bench/results/lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
