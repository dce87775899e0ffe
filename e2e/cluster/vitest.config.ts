import { defineConfig } from 'vitest/config';

// The cluster test (npm run test:cluster): real PostgreSQL (primary + streaming replica), Redis,
// S3 and SMTP servers and two API processes, started once for the whole file.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
