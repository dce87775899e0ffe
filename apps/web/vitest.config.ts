import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Test files about the first load of the page's modules (what i18next has loaded before anything asked). */
const FRESH = ['src/i18n/i18n.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    // happy-dom rather than jsdom (issue 22): the same files in about half the wall time and test time at the same
    // load (docs/benchmarks.md "CI wall clock"). Where happy-dom falls short of a browser, src/test/setup.ts fills
    // the gap (inline display, Request keepalive, IntersectionObserver's first report).
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Rendering whole layouts is slow on a busy 2-core machine; the default 5 s is too tight.
    testTimeout: 20_000,
    // Both cores of the CI machine (vitest's default leaves one free).
    maxWorkers: 2,
    // Files share their worker's modules (`isolate: false`): re-importing React, React Router, i18next and the app's
    // modules for each of ~90 files cost most of the suite's time (issue 22; docs/benchmarks.md "CI wall clock").
    // So no file may leave module state behind for the next: src/test/setup.ts resets what the app keeps in modules
    // (i18next's language and react-i18next's instance, stores), and `npm run test:shuffle` runs the files in random
    // orders to find a new leak. Only files about a fresh page load itself run in a module graph of their own.
    projects: [
      { extends: true, test: { name: 'fresh', include: FRESH, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: FRESH, isolate: false } },
    ],
  },
});
