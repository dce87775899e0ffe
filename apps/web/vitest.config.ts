import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom rendering of whole layouts is slow on a busy 2-core machine; the default 5 s is too tight.
    testTimeout: 20_000,
    // Both cores of the CI machine (vitest's default leaves one free). Files stay isolated: i18next and the store
    // are module state that one file's render would leave behind for the next.
    maxWorkers: 2,
  },
});
