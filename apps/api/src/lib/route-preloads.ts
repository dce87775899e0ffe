import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (`.vite/manifest.json`), as far as the preloads need it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Public screens whose code the HTML can announce, so the browser fetches a route's chunks together with the entry
 * instead of after it has run (the SPA's route table: apps/web/src/app/router.tsx; React Router matches paths
 * without regard to case).
 */
export const ROUTE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/quick\/?$/i, 'src/app/routes/quick.tsx'],
  [/^\/buy-rent\/?$/i, 'src/app/routes/buy-rent.tsx'],
  [/^\/recommend\/?$/i, 'src/app/routes/recommend.tsx'],
  [/^\/cost\/?$/i, 'src/app/routes/cost.tsx'],
  [/^\/detail\/[^/]+\/?$/i, 'src/app/routes/detail.tsx'],
  [/^\/contact\/?$/i, 'src/app/routes/contact.tsx'],
  [/^\/login\/?$/i, 'src/app/routes/login.tsx'],
  [/^\/signup\/?$/i, 'src/app/routes/signup.tsx'],
  [/^\/(terms|privacy|services|faq)\/?$/i, 'src/app/routes/info-page.tsx'],
];

function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * For each public route, the `<link rel="modulepreload">` tags of its chunk and every chunk that chunk imports
 * statically, leaving out what index.html loads already. Returns a lookup by URL path; without a manifest (a build
 * older than this, or a test's fake dist) every lookup is empty.
 */
export function routePreloads(webDist: string): (urlPath: string) => string {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => '';
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return () => '';
  }
  const inEntry = staticClosure(manifest, 'index.html');
  const tags = new Map<string, string>();
  for (const [, key] of ROUTE_MODULES) {
    if (tags.has(key) || !manifest[key]) continue;
    const chunks = [...staticClosure(manifest, key)].filter((chunk) => !inEntry.has(chunk));
    tags.set(
      key,
      chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk]?.file}">`).join('\n'),
    );
  }
  return (urlPath) => {
    const pathname = urlPath.split(/[?#]/)[0] ?? '';
    const route = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname));
    return route ? (tags.get(route[1]) ?? '') : '';
  };
}

/** The HTML with the tags put at the end of its head. */
export function withHeadTags(html: string, tags: string): string {
  if (!tags) return html;
  return html.includes('</head>') ? html.replace('</head>', `${tags}\n</head>`) : `${tags}\n${html}`;
}
