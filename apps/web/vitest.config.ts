import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // happy-dom rather than jsdom (issue 22): the same files in about half the wall time and test time at the same
    // load (docs/benchmarks.md "CI wall clock"). Where happy-dom falls short of a browser, src/test/setup.ts fills
    // the gap (inline display, Request keepalive, IntersectionObserver's first report).
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Rendering whole layouts is slow on a busy 2-core machine; the default 5 s is too tight.
    testTimeout: 20_000,
    // Both cores of the CI machine (vitest's default leaves one free). Files stay isolated: i18next and the store
    // are module state that one file's render would leave behind for the next (`isolate: false` not measured yet).
    maxWorkers: 2,
  },
});
