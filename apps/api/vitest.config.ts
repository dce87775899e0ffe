import { defineConfig } from 'vitest/config';
import { ENGINE_SPECIFIC_FILES } from './test/engines.ts';

const files = process.env.API_TEST_FILES;
if (files && files !== 'engine') throw new Error(`API_TEST_FILES must be "engine" or unset, not "${files}"`);

export default defineConfig({
  test: {
    include: files === 'engine' ? ENGINE_SPECIFIC_FILES : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    // Generous: some tests start the app with the demo seed (drawing photos), slow on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two workers use both cores of the CI machine (PGlite is single-threaded WASM).
    maxWorkers: 2,
    // Each file builds its own app on its own fresh database, and no file mocks a module, so the files of one worker
    // share the loaded modules instead of importing the whole app again per file (about a third of the suite's CPU).
    isolate: false,
    env: { NODE_ENV: 'test' },
  },
});
