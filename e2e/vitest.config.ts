import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file starts its own server and Chromium; one at a time fits a 2-core machine.
    fileParallelism: false,
  },
});
