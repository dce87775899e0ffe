import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { isVisible } from '../properties/visible.ts';
import { escapeHtml } from './html.ts';

/** Public pages worth indexing besides the listings (the web app's list screens). */
export const SITEMAP_PAGES = ['/', '/Quick', '/Buy-rent', '/recommend', '/cost'];

/** Search engines take at most 50,000 URLs per sitemap file; stay well below. */
export const SITEMAP_CHUNK = 40_000;

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

async function visibleCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(properties).where(isVisible);
  return row?.n ?? 0;
}

async function listingEntries(db: Db, publicUrl: string, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(isVisible)
    .orderBy(asc(properties.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => urlEntry(`${publicUrl}/detail/${r.id}`, r.updatedAt.toISOString()));
}

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

/**
 * `/sitemap.xml`: the list pages and every visible listing with its last change. Past
 * SITEMAP_CHUNK listings it becomes a sitemap index of `/sitemaps/listings-<n>.xml` parts.
 */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const total = await visibleCount(db);
  const pages = SITEMAP_PAGES.map((p) => urlEntry(`${publicUrl}${p}`));
  if (total <= SITEMAP_CHUNK) return urlset([...pages, ...(await listingEntries(db, publicUrl, 0, SITEMAP_CHUNK))]);
  const parts = Math.ceil(total / SITEMAP_CHUNK);
  const sitemaps = [
    `${publicUrl}/sitemaps/pages.xml`,
    ...Array.from({ length: parts }, (_, i) => `${publicUrl}/sitemaps/listings-${i + 1}.xml`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

/** One part of a split sitemap: `pages`, or listings part n (1-based); null when out of range. */
export async function buildSitemapPart(db: Db, publicUrl: string, part: string): Promise<string | null> {
  if (part === 'pages') return urlset(SITEMAP_PAGES.map((p) => urlEntry(`${publicUrl}${p}`)));
  const match = /^listings-([1-9]\d{0,5})$/.exec(part);
  if (!match) return null;
  const n = Number(match[1]);
  const entries = await listingEntries(db, publicUrl, (n - 1) * SITEMAP_CHUNK, SITEMAP_CHUNK);
  return entries.length > 0 ? urlset(entries) : null;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
