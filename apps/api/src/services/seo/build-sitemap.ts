import { DEFAULT_LANGUAGE, GUIDE_SLUGS, LANGUAGE_TAGS, LANGUAGES, type Language, localizedPath } from '@baan/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, projects, properties, users } from '../../db/schema.ts';
import { publishedProfile } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';
import { escapeHtml } from './html.ts';

/** Public pages worth indexing besides the listings. `/select-package` is a step of buying, not a page to land on. */
export const SITEMAP_PAGES = [
  '/',
  '/Quick',
  '/Buy-rent',
  '/recommend',
  '/cost',
  '/contact',
  '/terms',
  '/privacy',
  '/services',
  '/faq',
  ...GUIDE_SLUGS.map((slug) => `/guides/${slug}`),
];

/** Search engines read at most 50,000 <url> entries per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Listings per `listings-<n>` part: each listing takes one entry per language, and they stay together. */
const listingsPerPart = (maxUrls: number) => Math.floor(maxUrls / LANGUAGES.length);

/** One <url> per language, each naming every language version and English as the x-default. */
function localizedEntries(publicUrl: string, path: string, lastmod?: string): string[] {
  const href = (language: Language) => escapeHtml(`${publicUrl}${localizedPath(language, path)}`);
  const link = (hreflang: string, url: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${url}"/>`;
  const alternates =
    LANGUAGES.map((language) => link(LANGUAGE_TAGS[language], href(language))).join('') +
    link('x-default', href(DEFAULT_LANGUAGE));
  // The sitemap schema wants loc and lastmod before elements from other namespaces.
  const time = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return LANGUAGES.map((language) => `<url><loc>${href(language)}</loc>${time}${alternates}</url>`);
}

const pageEntries = (publicUrl: string) => SITEMAP_PAGES.flatMap((page) => localizedEntries(publicUrl, page));

async function visibleCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(properties).where(isVisible);
  return row?.n ?? 0;
}

/** One page of visible listings in id order (a stable order, so parts do not overlap). */
async function listingEntries(db: Db, publicUrl: string, offset: number, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(isVisible)
    .orderBy(asc(properties.id))
    .limit(limit)
    .offset(offset);
  return rows.flatMap((r) => localizedEntries(publicUrl, `/detail/${r.id}`, r.updatedAt.toISOString()));
}

/** Approved projects that were not merged away: their pages are indexed (a merged slug answers 301). */
const indexedProject = and(eq(projects.review, 'approved'), isNull(projects.mergedIntoId));

/**
 * The project index and every approved project's page in every language (issue 24), in id order, at most `limit`
 * projects; nothing while there is no project (an empty index is no page to land on).
 */
async function projectEntries(db: Db, publicUrl: string, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .where(indexedProject)
    .orderBy(asc(projects.id))
    .limit(limit);
  if (rows.length === 0) return [];
  return [
    ...localizedEntries(publicUrl, '/projects'),
    ...rows.flatMap((r) => localizedEntries(publicUrl, `/project/${r.slug}`, r.updatedAt.toISOString())),
  ];
}

async function projectCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(indexedProject);
  const n = row?.n ?? 0;
  // The index page comes with them.
  return n > 0 ? n + 1 : 0;
}

/**
 * Every published agent profile's page (ADR 029), then every agency's page (ADR 037), in every language, each in id
 * order, at most `limit` pages in all.
 */
async function agentEntries(db: Db, publicUrl: string, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ slug: users.profileSlug, updatedAt: users.updatedAt })
    .from(users)
    .where(publishedProfile)
    .orderBy(asc(users.id))
    .limit(limit);
  const agencyRows =
    rows.length < limit
      ? await db
          .select({ slug: agencies.slug, createdAt: agencies.createdAt })
          .from(agencies)
          .orderBy(asc(agencies.id))
          .limit(limit - rows.length)
      : [];
  return [
    ...rows.flatMap((r) => (r.slug ? localizedEntries(publicUrl, `/agent/${r.slug}`, r.updatedAt.toISOString()) : [])),
    ...agencyRows.flatMap((r) => localizedEntries(publicUrl, `/agency/${r.slug}`, r.createdAt.toISOString())),
  ];
}

async function agentCount(db: Db): Promise<number> {
  const [[row], [agencyRow]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(publishedProfile),
    db.select({ n: sql<number>`count(*)::int` }).from(agencies),
  ]);
  return (row?.n ?? 0) + (agencyRow?.n ?? 0);
}

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;

/** The pages part must fit in one file, or no split could keep every file under the limit. */
function checkMax(maxUrls: number): void {
  if (maxUrls < SITEMAP_PAGES.length * LANGUAGES.length)
    throw new RangeError(`maxUrls ${maxUrls} is below the pages part (${SITEMAP_PAGES.length * LANGUAGES.length})`);
}

/**
 * `/sitemap.xml`: the public pages, the approved projects, the published agent profiles and every visible listing (with its last change) in every language, each entry
 * with hreflang alternates. Past `maxUrls` entries it becomes a sitemap index of `/sitemaps/pages.xml`, `/sitemaps/projects.xml`
 * (when there are projects) and `/sitemaps/listings-<n>.xml`. `maxUrls` is a parameter so tests can split without 50,000 rows.
 */
export async function buildSitemap(db: Db, publicUrl: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  checkMax(maxUrls);
  const [total, projectPages, agentPages] = await Promise.all([visibleCount(db), projectCount(db), agentCount(db)]);
  const pageCount = SITEMAP_PAGES.length;
  const perPart = listingsPerPart(maxUrls);
  if (pageCount + projectPages + agentPages + total <= perPart) {
    // The limits cap the reads if listings, projects or agents were added after the counts.
    const projectPart = await projectEntries(db, publicUrl, projectPages - 1);
    const agentPart = await agentEntries(db, publicUrl, agentPages);
    const used = pageCount + (projectPart.length + agentPart.length) / LANGUAGES.length;
    return urlset([
      ...pageEntries(publicUrl),
      ...projectPart,
      ...agentPart,
      ...(await listingEntries(db, publicUrl, 0, perPart - used)),
    ]);
  }
  const parts = Math.ceil(total / perPart);
  const sitemaps = [
    `${publicUrl}/sitemaps/pages.xml`,
    ...(projectPages > 0 ? [`${publicUrl}/sitemaps/projects.xml`] : []),
    ...(agentPages > 0 ? [`${publicUrl}/sitemaps/agents.xml`] : []),
    ...Array.from({ length: parts }, (_, i) => `${publicUrl}/sitemaps/listings-${i + 1}.xml`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

const LISTINGS_PART = /^listings-([1-9]\d{0,5})$/;

/** Whether a name could be a part of a split sitemap (`pages`, `projects`, `agents`, `listings-<n>`). */
export const isSitemapPartName = (part: string) =>
  part === 'pages' || part === 'projects' || part === 'agents' || LISTINGS_PART.test(part);

/** One part of a split sitemap: `pages`, or listings part n (1-based); null when out of range. */
export async function buildSitemapPart(
  db: Db,
  publicUrl: string,
  part: string,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  checkMax(maxUrls);
  if (part === 'pages') return urlset(pageEntries(publicUrl));
  if (part === 'projects') {
    // The index page and as many projects as one file holds.
    const entries = await projectEntries(db, publicUrl, listingsPerPart(maxUrls) - 1);
    return entries.length > 0 ? urlset(entries) : null;
  }
  if (part === 'agents') {
    const entries = await agentEntries(db, publicUrl, listingsPerPart(maxUrls));
    return entries.length > 0 ? urlset(entries) : null;
  }
  const match = LISTINGS_PART.exec(part);
  if (!match) return null;
  const perPart = listingsPerPart(maxUrls);
  const entries = await listingEntries(db, publicUrl, (Number(match[1]) - 1) * perPart, perPart);
  return entries.length > 0 ? urlset(entries) : null;
}

/** Private areas stay out of the index in every language, not only under the English paths. */
const PRIVATE_PATHS = ['/dashboard', '/admin'];

export function robotsTxt(publicUrl: string): string {
  const localized = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).flatMap((language) =>
    PRIVATE_PATHS.map((path) => `Disallow: ${localizedPath(language, path)}`),
  );
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /api',
    ...localized,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
