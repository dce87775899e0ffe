import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Makes the data folders the servers start from (migrated, and with the demo data) once per run.
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll gives up after 1 s by default: a re-render on a loaded 2-core machine (two browsers and two servers)
    // can take longer. A poll still ends as soon as its value matches.
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time, each with its own server (a copy of a prepared data folder) and Chromium: on a 2-core
    // machine one file's browser renders while the other's server answers.
    maxWorkers: 2,
  },
});
