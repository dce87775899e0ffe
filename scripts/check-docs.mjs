// Docs that stand alone (`npm run lint`): the README and every page under docs/ name only files that exist in this
// repository, and none depends on a file outside it (../shared and the like). A path is anything in backticks with a
// slash and a file extension, or a folder from the root with a trailing slash.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const pages = tracked.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
const roots = new Set(tracked.map((f) => f.split('/')[0]));
const folders = new Set(
  tracked.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, a) => `${a.slice(0, i + 1).join('/')}/`),
  ),
);

let problems = 0;
for (const page of pages) {
  const text = readFileSync(page, 'utf8');
  const lines = text.split('\n');
  // A superseded decision is history: it may name files that were removed with it.
  const superseded = /^Status: superseded/m.test(text);
  lines.forEach((line, i) => {
    if (/\.\.\/shared\b|\/work\/shared/.test(line)) {
      problems += 1;
      console.log(`✗ ${page}:${i + 1} points outside the repository (${line.trim().slice(0, 100)})`);
    }
    for (const [, raw] of line.matchAll(/`([A-Za-z0-9_.@\-/]+)`/g)) {
      const candidate = raw.replace(/^\.\//, '');
      if (!candidate.includes('/') || candidate.startsWith('/') || candidate.includes('..')) continue;
      const isFolder = candidate.endsWith('/');
      // A folder is checked when written from the root (`apps/api/src/routes/`); others are often the app's own
      // folders at run time (DATA_DIR's `uploads/`).
      if (isFolder && !roots.has(candidate.split('/')[0])) continue;
      // Build output (`dist/server.js`, the web build's `server/index.js`) is made by `npm run build`.
      if (/(^|\/)dist\//.test(candidate) || /\bdist\b|WEB_DIST/.test(line)) continue;
      if (!isFolder && !/\.[a-z]{1,5}$/i.test(candidate)) continue;
      // A file may be written in full or shortened from the left (`services/properties/visible.ts`).
      const found = isFolder
        ? folders.has(candidate)
        : tracked.some((f) => f === candidate || f.endsWith(`/${candidate}`)) || existsSync(candidate);
      if (found || superseded) continue;
      problems += 1;
      console.log(`✗ ${page}:${i + 1} names \`${raw}\`, which is not in the repository`);
    }
  });
}
if (problems) {
  console.log(`\ndocs: ${problems} problem(s)`);
  process.exit(1);
}
console.log(`docs: ok (${pages.length} pages)`);
