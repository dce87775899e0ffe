import { describe, expect, it } from 'vitest';

// What the first page may not pull in: the modules the browser entry (entry.client.tsx), the root route (root.tsx),
// the layout routes around every page (routes/language.tsx, routes/pages.tsx) and the home route reach through static
// (non-type) imports and re-exports are read as text and followed; lazy `import()`s are where the heavy parts belong
// (docs/benchmarks.md, home route JS). `.server` modules are left out: React Router keeps them out of the browser's
// bundle (a route's loader and its imports are removed there, and a `.server` module left in fails the build).
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const STATIC_IMPORT =
  /^(?:import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?|export\s+(?:\*|\{)[^'";]*?\sfrom\s+)['"]([^'"]+)['"]/gm;

/** The modules the browser loads for the first page, home: the entry, the root route and home's route modules. */
const FIRST_PAGE = [
  './entry.client.tsx',
  './root.tsx',
  './app/routes/language.tsx',
  './app/routes/pages.tsx',
  './app/routes/home.tsx',
];

const isServerOnly = (path: string) => /\.server\.tsx?$/.test(path);

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
    if (local.has(path) || isServerOnly(path)) return;
    local.add(path);
    for (const [, specifier = ''] of (sources[path] ?? '').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) {
        const target = resolve(path, specifier);
        if (target) visit(target);
      } else if (!packages.has(specifier)) packages.set(specifier, path);
    }
  };
  for (const path of FIRST_PAGE) {
    if (!(path in sources)) throw new Error(`${path} is gone: update FIRST_PAGE`);
    visit(path);
  }
  return { local, packages };
}

describe('entry chunk', () => {
  const { local, packages } = entryModules();

  it('reaches the shell (sanity check of the walk)', () => {
    expect(local).toContain('./features/auth/components/SessionRestorer.tsx');
    expect(local).toContain('./app/shell/Header.tsx');
    expect(local).toContain('./features/listings/components/home/HomeSections.tsx');
    expect(local).toContain('./i18n/index.ts');
    expect(packages.has('react-router')).toBe(true);
    expect(packages.has('react-dom/client')).toBe(true);
  });

  it('leaves the server-only modules out (React Router removes them from the browser bundle)', () => {
    expect([...local].filter(isServerOnly)).toEqual([]);
    expect(local).not.toContain('./entry.server.tsx');
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
