/**
 * What the server-rendered pages read, and from where: the API process hands the web app's loaders these service
 * functions (no HTTP round trip), and a test hands them its own. Types only: no server code here.
 */
import type { AgencyProfile } from './agencies.ts';
import type { AgentListingsQuery, AgentProfile } from './agents.ts';
import type { Package } from './payments.ts';
import type {
  AreaMarketQuery,
  MarketFigures,
  MarketQuery,
  PricePoint,
  Project,
  ProjectListingsQuery,
  ProjectListQuery,
  ProjectPage,
} from './projects.ts';
import type { ListingType, Property, PropertyListQuery, PropertyPage, PropertyTypeCounts } from './properties.ts';
import type { HomeSettings } from './site-settings.ts';

/** Everything the detail page reads of one listing, read together (PageServices.propertyPage). */
export interface PropertyPageData {
  /** The listing when its page is public (as getProperty), else null. */
  property: Property | null;
  /** With no `property`: whether the id names a listing that was public and is no longer (as isNoLongerAvailable). */
  noLongerAvailable: boolean;
  /**
   * Listings like it (as similarProperties) for a listing shown or no longer available; [] for any other id (the page
   * shows none then).
   */
  similar: Property[];
  /** Its recorded prices (as priceHistory) when `property` is set; else []. */
  priceHistory: PricePoint[];
}

/** What the home page's listing sections ask for (PageServices.homeListings). */
export interface HomeListingsQuery {
  /** How many of the newest listings for sale and for rent (the default order of a search without filters). */
  listings: number;
  /** Places (searched as `location`) whose count and first listing the page shows. */
  places: readonly string[];
}

/** The home page's listing sections, each as the search with the same filters answers it. */
export interface HomeListings {
  /** The first `listings` of `{type}` searches, page 1. */
  newListings: Record<ListingType, Property[]>;
  /** Per place, in the order asked: the `{location}` search's total (capped as a search's) and its first listing. */
  places: { total: number; first: Property | null }[];
}

export interface PageServices {
  /** One page of active listings (the same read as GET /api/properties, with its cache). */
  searchProperties(query: PropertyListQuery): Promise<PropertyPage>;
  /** A listing visitors may see, or null (missing, hidden or paused). */
  getProperty(id: number): Promise<Property | null>;
  /**
   * The detail page's reads in one go: the listing, listings like it, its price history, and for a listing not shown
   * whether it is no longer available. Answers exactly as getProperty, similarProperties, priceHistory and
   * isNoLongerAvailable do, with fewer database statements (the listing read once, the details of it and its similar
   * listings in one round).
   */
  propertyPage(id: number): Promise<PropertyPageData>;
  /**
   * The home page's listing sections in one go: answers as the searches with the same filters do (searchProperties),
   * in far fewer statements (every section's ids and counts in one, their details in one round).
   */
  homeListings(query: HomeListingsQuery): Promise<HomeListings>;
  /** Active listings per sub type. */
  propertyTypeCounts(): Promise<PropertyTypeCounts>;
  /** The packages on sale. */
  listPackages(): Promise<Package[]>;
  /**
   * Up to MAX_SIMILAR visible listings like this one (GET /api/property/{id}/similar), also for one no longer
   * available; [] for a missing one.
   */
  similarProperties(id: number): Promise<Property[]>;
  /**
   * Whether the id names a listing that was public and is no longer (paused, hidden, its owner disabled): GET
   * /api/property/{id}'s 404 with `code: LISTING_UNAVAILABLE_CODE`.
   */
  isNoLongerAvailable(id: number): Promise<boolean>;
  /** The admin's settings of the home page: its headline per language (GET /api/settings/home). */
  homeSettings(): Promise<HomeSettings>;
  /** The visible listings among these ids, in the order given (GET /api/properties/compare). */
  compareProperties(ids: number[]): Promise<Property[]>;
  /**
   * A short-lived signed token for this listing's page: its view and contact-click beacons send it, and only a beacon
   * with a valid one counts (ADR 020).
   */
  viewToken(id: number): string;
  /** One page of approved projects (GET /api/projects). */
  listProjects(query: ProjectListQuery): Promise<ProjectPage>;
  /**
   * An approved project by slug; `{redirect}` names the slug a merged-away project now lives at (answer 301 there);
   * null for an unknown slug.
   */
  getProject(slug: string): Promise<{ project: Project } | { redirect: string } | null>;
  /** The project's active listings (GET /api/projects/{slug}/listings); null for an unknown slug. */
  projectListings(slug: string, query: ProjectListingsQuery): Promise<PropertyPage | null>;
  /** The project's market figures (GET /api/projects/{slug}/market); null for an unknown slug. */
  projectMarket(slug: string, months: MarketQuery['months']): Promise<MarketFigures | null>;
  /** An area's figures for one sub type (GET /api/market); null when the area names no place. */
  areaMarket(query: AreaMarketQuery): Promise<MarketFigures | null>;
  /** A published agent profile with its figures (GET /api/agents/{slug}); null when there is none. */
  getAgent(slug: string): Promise<AgentProfile | null>;
  /** The agent's active listings (GET /api/agents/{slug}/listings); null when there is no such profile. */
  agentListings(slug: string, query: AgentListingsQuery): Promise<PropertyPage | null>;
  /** An agency's public page data (GET /api/agencies/{slug}; ADR 037); null when there is none. */
  getAgency(slug: string): Promise<AgencyProfile | null>;
  /** A visible listing's recorded prices, oldest first (GET /api/property/{id}/price-history); null when not visible. */
  priceHistory(id: number): Promise<PricePoint[] | null>;
}

/** The context every page loader gets. */
export interface PageContext {
  pages: PageServices;
  /** Public base URL without a trailing slash (canonical and alternate links, Open Graph). */
  publicUrl: string;
  /** The maps' tile URL template (MAP_TILE_URL, `{z}/{x}/{y}`); the browser loads tiles from it. */
  mapTileUrl: string;
  /** The request's id, for logs. */
  requestId: string;
  /** Logs a failure with the request's id. */
  logError(error: unknown, message: string): void;
  /**
   * A random value made for this render only. The framework's own inline scripts (hydration data, module loader,
   * scroll restoration) carry it as their `nonce`, so the server can tell them from any other `<script>` in the page
   * and allow only those in the Content-Security-Policy (ADR 021). Absent in tests that render without a server.
   */
  scriptNonce?: string;
}

/**
 * What the web app's server entry (apps/web/src/entry.server.tsx) offers the API besides rendering, so the server
 * keys, redirects and refuses page addresses exactly as the pages read them (ADR 021).
 */
export interface PageEntryExtras {
  /**
   * The canonical query string ('' or `?a=1&b=2`) of a public page's address: the parameters its loader reads, as
   * it reads them, defaults dropped, in a fixed order. Null for an address the web app leaves as it is (screens
   * rendered in the browser, unknown paths).
   */
  canonicalSearch(pathname: string, search: string): string | null;
  /** The HTML of the 429 page in the address's language; `address` is what "Try again" opens. */
  tooManyRequestsPage(pathname: string, address: string): string;
  /**
   * The HTML of a document the entry rendered (a Fetch `Response`), as its body would read (the server then need not decode the body);
   * undefined for a Response it did not make (a redirect, data, an error answer), whose body is read instead.
   */
  renderedHtml(response: object): string | undefined;
}

/** OpenStreetMap's standard tiles: MAP_TILE_URL's default, and the maps' when a page has no context (tests). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
