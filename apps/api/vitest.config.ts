import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    // Generous: some tests start the app with the demo seed (drawing photos), slow on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // PGlite is single-threaded WASM; two workers use both cores of the CI machine.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
