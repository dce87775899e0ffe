// Writes .br and .gz next to every compressible file of a build, so the server sends them
// without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
let count = 0;
for (const rel of readdirSync(dir, { recursive: true }).map(String)) {
  const file = path.join(dir, rel);
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile() || statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.log(`precompress: ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
