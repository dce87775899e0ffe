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
    // Each file starts its own servers on free ports in its own folders: the two run side by side (most of their time
    // is waiting on an SMTP outage and on processes coming up).
    maxWorkers: 2,
  },
});
