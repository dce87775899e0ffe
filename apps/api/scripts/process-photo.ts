// Benchmark helper (bench/photo.mjs runs it in a process of its own, so its peak memory is the
// photo pipeline's): converts one photo with the real pipeline into a temporary local storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processImage } from '../src/services/images/process-image.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: process-photo.ts <photo>');
const root = mkdtempSync(path.join(tmpdir(), 'baan-photo-bench-'));
const baselineRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
const started = performance.now();
const stored = await processImage(createLocalStorage(root), file, 'listings');
const ms = Math.round(performance.now() - started);
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
rmSync(root, { recursive: true, force: true });
console.log(JSON.stringify({ ms, baselineRssMb, peakRssMb, widths: stored.widths }));
