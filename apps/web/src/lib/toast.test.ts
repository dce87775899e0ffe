import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('toast imports', () => {
  it("no module imports the default 'react-toastify' entry (its toasts would not reach the container)", () => {
    const offenders = Object.entries(sources)
      .filter(([, source]) => /from\s+['"]react-toastify['"]/.test(source))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
