// Page benchmark (issue 3): Lighthouse (mobile) against Debian's Chromium for /, /Quick and one
// /detail/{id} of the production build with demo data, and the home route's initial JS (gzip).
// Usage: npm run bench:web   (builds first).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS, lighthouseMobile, ROOT, startNode } from './lib.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-bench-web-'));
const server = await startNode(
  path.join(ROOT, 'apps/api/bin/baan.js'),
  { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  '/api/health',
);

try {
  // Wait for the demo seed to finish (it runs as the server becomes ready).
  let detailId;
  for (let i = 0; i < 300 && !detailId; i += 1) {
    const res = await fetch(`${server.url}/api/properties?per_page=1`)
      .then((r) => r.json())
      .catch(() => null);
    detailId = res?.payload?.items?.[0]?.id;
    if (!detailId) await new Promise((r) => setTimeout(r, 500));
  }
  if (!detailId) throw new Error('no listing to benchmark: did the demo seed run?');

  // Home route initial JS: every script the first load of / fetches, gzip-compressed.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(res.body().then((b) => ({ url: res.url(), gzip: gzipSync(b).length })));
  });
  await page.goto(server.url, { waitUntil: 'networkidle' });
  const homeJs = await Promise.all(scripts);
  await browser.close();
  const homeJsGzipKb = Math.round(homeJs.reduce((n, s) => n + s.gzip, 0) / 102.4) / 10;

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const pages = { home: '/', quick: '/Quick', detail: `/detail/${detailId}` };
  const scores = {};
  try {
    for (const [name, p] of Object.entries(pages)) {
      scores[name] = await lighthouseMobile(lighthouse, `${server.url}${p}`, chrome.port);
      console.log(name, scores[name]);
    }
  } finally {
    await chrome.kill();
  }
  const report = {
    date: new Date().toISOString(),
    home_initial_js_gzip_kb: homeJsGzipKb,
    home_scripts: homeJs,
    lighthouse_mobile: scores,
  };
  writeFileSync(path.join(ROOT, 'bench/results/web.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ home_initial_js_gzip_kb: homeJsGzipKb, lighthouse_mobile: scores }, null, 2));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
