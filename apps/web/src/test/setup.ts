import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// Lazy route chunks load through Vite's transform; on a busy 2-core CI machine that can take more
// than Testing Library's default 1 s, so findBy/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5_000 });

// A console.error during a test fails it (conventions: web tests, after epic-stack).
let consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
  // jsdom does not implement scrolling and would report that through console.error.
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  console.error = originalConsoleError;
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test; first: ${first}`);
  }
});
