// Bundles the API (and the TypeScript contract package it imports) into dist/server.js.
// Registry packages stay external and load from node_modules at run time.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @baan/contract is TypeScript source, so it must be bundled rather than imported at run time.
  plugins: [
    {
      name: 'bundle-workspace-packages',
      setup(b) {
        b.onResolve({ filter: /^@baan\/contract$/ }, () => ({
          path: fileURLToPath(new URL('../../../packages/contract/src/index.ts', import.meta.url)),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
