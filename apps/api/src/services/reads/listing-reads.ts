import type {
  AreaMarketQuery,
  HomeListings,
  HomeListingsQuery,
  HomeSettings,
  MapResult,
  MarketFigures,
  PricePoint,
  Project,
  ProjectListingsQuery,
  ProjectListQuery,
  ProjectPage,
  Property,
  PropertyListQuery,
  PropertyMapQuery,
  PropertyPage,
  PropertyPageData,
  PropertyTypeCounts,
  Suggestion,
  SuggestQuery,
} from '@baan/contract';
import { EncodedBody } from '../../lib/encoded-body.ts';
import type { Storage } from '../../storage/storage.ts';
import { areaMarket, getProject, listProjects, projectListings, projectMarket } from '../projects/read-projects.ts';
import { compareProperties } from '../properties/compare.ts';
import { countPropertyTypes } from '../properties/count-property-types.ts';
import { getProperty, isListingNoLongerAvailable } from '../properties/get-property.ts';
import { homeListings } from '../properties/home-listings.ts';
import { listAllProperties } from '../properties/list-all-properties.ts';
import { listProperties, type SearchFilters } from '../properties/list-properties.ts';
import type { ListingCache } from '../properties/listing-cache.ts';
import { mapPoints } from '../properties/map-points.ts';
import { priceHistory } from '../properties/price-history.ts';
import { propertyPage } from '../properties/property-page.ts';
import { similarProperties } from '../properties/similar.ts';
import { buildSitemap, buildSitemapPart, isSitemapPartName } from '../seo/build-sitemap.ts';
import { getHomeSettings } from '../settings/home-settings.ts';
import { suggest } from '../suggestions/suggest.ts';

/**
 * The public listing reads, in one place: every cache key, every cached read (API answers,
 * server-rendered pages), the uncached public reads, and `invalidateListings`, which every write
 * that changes what visitors see calls. Routes and pages call these functions and know no key.
 *
 * Reads go through `listingCache.read`, so they use the read replica (DATABASE_READ_URL) when it has
 * caught up with the last write this node knows of, and the primary otherwise (listing-cache.ts).
 */

/** What the public listing reads need: the photo URLs' storage and the listing cache (the app has both). */
export interface ListingReadDeps {
  storage: Storage;
  listingCache: ListingCache;
}

/** Every key of the listing read cache. */
const KEYS = {
  /** A listing (also the detail page's data). */
  detail: (id: number) => `detail:${id}`,
  /** GET /api/property/:id's serialized answer (null for a missing listing). */
  detailBody: (id: number) => `detail-body:${id}`,
  /** The detail page's reads of a listing (its row, similar listings, price history; property-page.ts). */
  detailPage: (id: number) => `detail-page:${id}`,
  /** The home page's listing sections (home-listings.ts). */
  homeListings: (query: HomeListingsQuery) => `home-listings:${JSON.stringify([query.listings, query.places])}`,
  /** One page of a validated search. */
  page: (query: PropertyListQuery) => `page:${JSON.stringify(query)}`,
  /** GET /api/properties's serialized answer for a validated search. */
  pageBody: (query: PropertyListQuery) => `page-body:${JSON.stringify(query)}`,
  /** The same answer under the URL as sent: a hot URL then costs no validation either. */
  pageUrl: (url: string) => `page-url:${url}`,
  /** The count of a search, shared by all its pages (totals do not jump between pages). */
  count: (filters: SearchFilters) => `count:${JSON.stringify(filters)}`,
  /** Active listings per sub type. */
  typeCounts: () => 'stats:types',
  /** The map's markers of a validated map search. */
  map: (query: PropertyMapQuery) => `map:${JSON.stringify(query)}`,
  /** The listings like one (null for a missing, pending or rejected listing). */
  similar: (id: number) => `similar:${id}`,
  /** GET /api/all/properties's serialized answer (every visible listing). */
  allBody: () => 'all-body',
  /** The sitemap (`index`) or one of its parts (`part:<name>`), as served. */
  sitemap: (name: string) => `sitemap:${name}`,
  /** Whether a listing was public and is no longer (paused, hidden, its owner disabled). */
  gone: (id: number) => `gone:${id}`,
  /** The visible listings among these ids, in this order. */
  compare: (ids: readonly number[]) => `compare:${ids.join(',')}`,
  /** The admin's home page settings (its headline). */
  homeSettings: () => 'settings:home',
  /** GET /api/search/suggest's answer for a validated query (its listings change with the listings). */
  suggest: (query: SuggestQuery) => `suggest:${JSON.stringify([query.q, query.lang ?? null, query.limit ?? null])}`,
  /** Projects (ADR 028): their list, one, its listings and figures, an area's figures, a listing's prices. */
  projects: (query: ProjectListQuery) => `projects:${JSON.stringify(query)}`,
  project: (slug: string) => `project:${slug}`,
  projectListings: (slug: string, query: ProjectListingsQuery) => `project-listings:${slug}:${JSON.stringify(query)}`,
  projectMarket: (slug: string, months: number) => `project-market:${slug}:${months}`,
  areaMarket: (query: AreaMarketQuery) => `area-market:${JSON.stringify(query)}`,
  priceHistory: (id: number) => `price-history:${id}`,
  /** A server-rendered public page under its canonical address (path and canonical query). */
  html: (address: string) => `html:${address}`,
} as const;

/** One visible listing through the read cache, or null (the API's GET /api/property/:id and the detail page). */
export function cachedProperty(deps: ListingReadDeps, id: number): Promise<Property | null> {
  return deps.listingCache.get(KEYS.detail(id), () =>
    deps.listingCache.read((db) => getProperty(db, deps.storage, id)),
  );
}

/** The detail page's reads of a listing through the read cache (PageServices.propertyPage). */
export function cachedDetailPage(deps: ListingReadDeps, id: number): Promise<PropertyPageData> {
  return deps.listingCache.get(KEYS.detailPage(id), () =>
    deps.listingCache.read((db) => propertyPage(db, deps.storage, id)),
  );
}

/** The home page's listing sections through the read cache (PageServices.homeListings). */
export function cachedHomeListings(deps: ListingReadDeps, query: HomeListingsQuery): Promise<HomeListings> {
  return deps.listingCache.get(KEYS.homeListings(query), () =>
    deps.listingCache.read((db) => homeListings(db, deps.storage, query)),
  );
}

/** One page of a validated search through the read cache (the API's search and the list pages). */
export function cachedPropertyPage(deps: ListingReadDeps, query: PropertyListQuery): Promise<PropertyPage> {
  const cache = deps.listingCache;
  return cache.get(KEYS.page(query), () =>
    cache.read((db) =>
      listProperties(db, deps.storage, query, (filters, count) => cache.get(KEYS.count(filters), count)),
    ),
  );
}

/** Suggestions as one types (places, stations, listings) through the read cache. */
export function cachedSuggestions(deps: ListingReadDeps, query: SuggestQuery): Promise<Suggestion[]> {
  return deps.listingCache.get(KEYS.suggest(query), () => deps.listingCache.read((db) => suggest(db, query)));
}

/** The map's markers of a validated map search through the read cache. */
export function cachedMapPoints(deps: ListingReadDeps, query: PropertyMapQuery): Promise<MapResult> {
  return deps.listingCache.get(KEYS.map(query), () => deps.listingCache.read((db) => mapPoints(db, query)));
}

/**
 * Up to MAX_SIMILAR listings like this one through the read cache, also for one no longer available; null for a
 * missing, pending or rejected listing.
 */
export function cachedSimilarProperties(deps: ListingReadDeps, id: number): Promise<Property[] | null> {
  return deps.listingCache.get(KEYS.similar(id), () =>
    deps.listingCache.read((db) => similarProperties(db, deps.storage, id)),
  );
}

/** Whether `id` names a listing that was public and is no longer (its page says so), through the read cache. */
export function cachedListingNoLongerAvailable(deps: ListingReadDeps, id: number): Promise<boolean> {
  return deps.listingCache.get(KEYS.gone(id), () => deps.listingCache.read((db) => isListingNoLongerAvailable(db, id)));
}

/** The visible listings among `ids`, in that order, through the read cache. */
export function cachedCompareProperties(deps: ListingReadDeps, ids: readonly number[]): Promise<Property[]> {
  return deps.listingCache.get(KEYS.compare(ids), () =>
    deps.listingCache.read((db) => compareProperties(db, deps.storage, ids)),
  );
}

/**
 * The home page's settings through the read cache: the home page reads them on every render, and is itself kept in
 * this cache, so the admin's change drops both (`invalidateListings`).
 */
export function cachedHomeSettings(deps: ListingReadDeps): Promise<HomeSettings> {
  return deps.listingCache.get(KEYS.homeSettings(), () => deps.listingCache.read((db) => getHomeSettings(db)));
}

/** Active listings per sub type through the read cache. */
export function cachedTypeCounts(deps: ListingReadDeps): Promise<PropertyTypeCounts> {
  return deps.listingCache.get(KEYS.typeCounts(), () => deps.listingCache.read((db) => countPropertyTypes(db)));
}

/**
 * GET /api/properties's answer, cached already serialized (and compressed on demand) under the URL
 * as sent, so a hot page costs neither validation, JSON.stringify nor compression; behind it,
 * spellings of the same search share one entry. `parseQuery` validates the request's query (and
 * throws the 400, which is never remembered).
 */
export function cachedSearchBody(
  deps: ListingReadDeps,
  url: string,
  parseQuery: () => PropertyListQuery,
): Promise<EncodedBody> {
  const cache = deps.listingCache;
  return cache.get(KEYS.pageUrl(url), () => {
    const query = parseQuery();
    return cache.get(
      KEYS.pageBody(query),
      async () => new EncodedBody(JSON.stringify({ success: true, payload: await cachedPropertyPage(deps, query) })),
    );
  });
}

/** GET /api/property/:id's answer, serialized once; null when no visible listing has this id. */
export function cachedPropertyBody(deps: ListingReadDeps, id: number): Promise<EncodedBody | null> {
  return deps.listingCache.get(KEYS.detailBody(id), async () => {
    const property = await cachedProperty(deps, id);
    return property ? new EncodedBody(JSON.stringify({ success: true, payload: property })) : null;
  });
}

/**
 * A server-rendered public page, rendered once per cache lifetime and canonical address (ADR 021: the path and the
 * query as the page reads it, never the raw URL) and shared. `render` throws for an answer that must not be shared
 * (the cache keeps no failure). The pages are built from the cached reads, so the invalidation that drops those
 * drops them too; they are kept apart from the reads, within PAGE_CACHE_MAX_MB.
 */
export function cachedPage<T>(deps: ListingReadDeps, address: string, render: () => Promise<T>): Promise<T> {
  return deps.listingCache.getPage(KEYS.html(address), render);
}

/** Whether the page at this canonical address would be served from the cache (or is being rendered already). */
export function isPageCached(deps: ListingReadDeps, address: string): boolean {
  return deps.listingCache.hasPage(KEYS.html(address));
}

/**
 * GET /api/all/properties's answer: every visible listing, serialized once and shared. Anyone may ask for it and it
 * grows with the catalogue (docs/benchmarks.md: 68.6 MB, about 10 s at 100,000 listings), so the calls that arrive
 * while it is built, and those within the cache's lifetime, share one build instead of each reading, holding and
 * compressing the whole catalogue again (a flood of them pinned the server).
 */
export function allPropertiesBody(deps: ListingReadDeps): Promise<EncodedBody> {
  return deps.listingCache.get(KEYS.allBody(), async () => {
    const payload = await deps.listingCache.read((db) => listAllProperties(db, deps.storage));
    return new EncodedBody(JSON.stringify({ success: true, payload }));
  });
}

const XML = 'application/xml; charset=utf-8';

/**
 * /sitemap.xml, built once and shared like GET /api/all/properties's answer: a file may hold 50,000 entries with their
 * language links (tens of MB), and anyone may ask for it again and again.
 */
export function sitemapXml(deps: ListingReadDeps, publicUrl: string): Promise<EncodedBody> {
  return deps.listingCache.get(
    KEYS.sitemap('index'),
    async () => new EncodedBody(await deps.listingCache.read((db) => buildSitemap(db, publicUrl)), XML),
  );
}

/** One /sitemaps/<part>.xml, or null for a part that does not exist; shared like the sitemap itself. */
export async function sitemapPartXml(
  deps: ListingReadDeps,
  publicUrl: string,
  part: string,
): Promise<EncodedBody | null> {
  // A name no part could have is not remembered (nor read).
  if (!isSitemapPartName(part)) return null;
  return deps.listingCache.get(KEYS.sitemap(`part:${part}`), async () => {
    const xml = await deps.listingCache.read((db) => buildSitemapPart(db, publicUrl, part));
    return xml === null ? null : new EncodedBody(xml, XML);
  });
}

/** Reads that depend on the time (market months, the price-drop window) take it from here. */
type Now = () => Date;

/** GET /api/projects through the read cache. */
export function cachedProjects(deps: ListingReadDeps, query: ProjectListQuery): Promise<ProjectPage> {
  return deps.listingCache.get(KEYS.projects(query), () =>
    deps.listingCache.read((db) => listProjects(db, deps.storage, query)),
  );
}

/** GET /api/projects/{slug} through the read cache: the project, a redirect for a merged-away slug, or null. */
export function cachedProject(
  deps: ListingReadDeps,
  slug: string,
): Promise<{ project: Project } | { redirect: string } | null> {
  return deps.listingCache.get(KEYS.project(slug), () =>
    deps.listingCache.read((db) => getProject(db, deps.storage, slug)),
  );
}

/** GET /api/projects/{slug}/listings through the read cache; null for an unknown slug. */
export function cachedProjectListings(
  deps: ListingReadDeps,
  slug: string,
  query: ProjectListingsQuery,
): Promise<PropertyPage | null> {
  return deps.listingCache.get(KEYS.projectListings(slug, query), () =>
    deps.listingCache.read((db) => projectListings(db, deps.storage, slug, query)),
  );
}

/** GET /api/projects/{slug}/market through the read cache; null for an unknown slug. */
export function cachedProjectMarket(
  deps: ListingReadDeps,
  slug: string,
  months: number,
  now: Now,
): Promise<MarketFigures | null> {
  return deps.listingCache.get(KEYS.projectMarket(slug, months), () =>
    deps.listingCache.read((db) => projectMarket(db, slug, months, now())),
  );
}

/** GET /api/market through the read cache; null for an area with nothing stored. */
export function cachedAreaMarket(
  deps: ListingReadDeps,
  query: AreaMarketQuery,
  now: Now,
): Promise<MarketFigures | null> {
  return deps.listingCache.get(KEYS.areaMarket(query), () =>
    deps.listingCache.read((db) => areaMarket(db, query, now())),
  );
}

/** GET /api/property/{id}/price-history through the read cache; null when the listing's page is not public. */
export function cachedPriceHistory(deps: ListingReadDeps, id: number): Promise<PricePoint[] | null> {
  return deps.listingCache.get(KEYS.priceHistory(id), () => deps.listingCache.read((db) => priceHistory(db, id)));
}

/**
 * After a committed write that changes what visitors see (a listing created, deleted, hidden,
 * shown, featured; an owner disabled or enabled): this node's cached reads are dropped before it
 * answers, and every other node's as soon as the message reaches it (Redis, when REDIS_URL is set).
 * Never throws.
 */
export function invalidateListings(deps: Pick<ListingReadDeps, 'listingCache'>, reason: string): Promise<void> {
  return deps.listingCache.invalidate(reason);
}
