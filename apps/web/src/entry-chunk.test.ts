import { describe, expect, it } from 'vitest';

// What the entry chunk may not pull in: the modules main.tsx reaches through static (non-type) imports are read
// as text and followed; lazy `import()`s are where the heavy parts belong (docs/benchmarks.md, home route JS).
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const STATIC_IMPORT = /^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => path in sources);
}

function entryModules(): { local: Set<string>; packages: Map<string, string> } {
  const local = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (path: string) => {
    if (local.has(path)) return;
    local.add(path);
    for (const [, specifier = ''] of (sources[path] ?? '').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) {
        const target = resolve(path, specifier);
        if (target) visit(target);
      } else if (!packages.has(specifier)) packages.set(specifier, path);
    }
  };
  visit('./main.tsx');
  return { local, packages };
}

describe('entry chunk', () => {
  const { local, packages } = entryModules();

  it('reaches the shell (sanity check of the walk)', () => {
    expect(local).toContain('./app/router.tsx');
    expect(local).toContain('./components/layout/Header.tsx');
    expect(packages.has('react-router')).toBe(true);
  });

  it.each([
    ['RTK Query', /^@reduxjs\/toolkit\/query/],
    ['react-toastify', /^react-toastify/],
    ['zod', /^zod/],
    ['lucide-react barrel of every icon', /^lucide-react\/dynamic/],
  ])('does not import %s', (_name, pattern) => {
    const offenders = [...packages].filter(([specifier]) => pattern.test(specifier));
    expect(offenders).toEqual([]);
  });

  it('does not import lib/api (RTK Query) or a feature API module', () => {
    const offenders = [...local].filter((path) => path === './lib/api.ts' || /\/api\/[^/]+\.ts$/.test(path));
    expect(offenders).toEqual([]);
  });
});
