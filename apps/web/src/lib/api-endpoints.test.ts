import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every feature injects its endpoints into the one RTK Query api of lib/api.ts. RTK keeps the FIRST endpoint of a
// name and ignores a later one, so two features with an endpoint of the same name share whichever chunk loaded
// first: an admin who had opened the console deleted their own listing from My properties through the admin's
// DELETE /api/admin/properties/{id} (found when the web tests began to share modules, issue 22).
const SRC = path.resolve(import.meta.dirname, '..');

/** The app's source files; `npm test` runs this beside the layer-rule test, which plants and removes folders in src/. */
function sourceFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the RTK Query endpoints injected by the features', () => {
  const owners = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (!text.includes('injectEndpoints(')) continue;
    for (const [, name] of text.matchAll(/^\s+(\w+): build\.(?:query|mutation|infiniteQuery)\b/gm)) {
      owners.set(name as string, [...(owners.get(name as string) ?? []), path.relative(SRC, file)]);
    }
  }

  it('finds the endpoints of the feature files', () => {
    expect(owners.get('getUserProperties')).toEqual(['features/my-properties/api/my-properties-api.ts']);
    expect(owners.size).toBeGreaterThan(50);
  });

  it('have one name each across the app', () => {
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
  });
});
