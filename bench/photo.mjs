// Photo pipeline benchmark (issue 6): a 20-megapixel JPEG (5472 × 3648, camera-like detail)
// through sniff → sharp → WebP at every width, each run in a fresh process for its peak memory.
// Usage: npm run bench:photo
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const dir = mkdtempSync(path.join(tmpdir(), 'baan-photo-'));
const photo = path.join(dir, 'camera-20mp.jpg');
try {
  const width = 5472;
  const height = 3648;
  // Noise over a gradient compresses like a real photo (a flat colour would flatter the figures).
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  writeFileSync(
    photo,
    await sharp(gradient)
      .composite([{ input: noise, blend: 'overlay' }])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/api/scripts/process-photo.ts'), photo],
      { cwd: path.join(ROOT, 'apps/api'), encoding: 'utf8' },
    );
    runs.push(JSON.parse(out.trim().split('\n').pop()));
    console.log(runs.at(-1));
  }
  const sorted = (k) => runs.map((r) => r[k]).sort((a, b) => a - b);
  const median = (k) => sorted(k)[Math.floor(RUNS / 2)];
  const report = {
    date: new Date().toISOString(),
    photo: { width, height, megapixels: Math.round((width * height) / 1e5) / 10, bytes: statSync(photo).size },
    runs,
    median_ms: median('ms'),
    median_peak_rss_mb: median('peakRssMb'),
    baseline_rss_mb: median('baselineRssMb'),
  };
  writeFileSync(path.join(ROOT, 'bench/results/photo.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
