/**
 * The app's real route table (routes.ts) and route modules as a memory router for tests. Server loaders get a page
 * context whose services call the HTTP API with fetch, so a test stubs `fetch` for them as it does for the screens'
 * own calls; client loaders run as in the browser.
 */
import { DEFAULT_MAP_TILE_URL, LISTING_UNAVAILABLE_CODE, type PageContext, type PageServices } from '@baan/contract';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { ContextType } from 'react';
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  type LoaderFunctionArgs,
  Meta,
  type MetaFunction,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { toListParams, toSearchString } from '../features/listings/lib/search-params';
import routeConfig from '../routes';

type RouteModule = {
  default?: React.ComponentType;
  ErrorBoundary?: React.ComponentType;
  HydrateFallback?: React.ComponentType;
  handle?: unknown;
  meta?: MetaFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
  loader?: (args: LoaderFunctionArgs) => unknown;
  clientLoader?: (args: LoaderFunctionArgs & { serverLoader: () => Promise<unknown> }) => unknown;
};

const modules = import.meta.glob<RouteModule>(['../app/routes/*.tsx', '!../app/routes/*.test.tsx']);

/** A GET to the API as the server's services would make it (a Request, as the screens' own calls are). */
function apiGet(path: string): Promise<Response> {
  return fetch(new Request(`http://localhost/api${path}`));
}

async function apiPayload<T>(path: string): Promise<T> {
  const response = await apiGet(path);
  const body = (await response.json()) as { payload: T };
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return body.payload;
}

/** The page services over HTTP, as tests stub them. */
export const servicesOverHttp: PageServices = {
  searchProperties: (query) => apiPayload(`/properties${toSearchString(toListParams(query))}`),
  getProperty: async (id) => {
    const response = await apiGet(`/property/${id}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  // The server's one-go reads, composed here of the separate reads they answer as.
  propertyPage: async (id) => {
    const services = servicesOverHttp;
    // A test's handler may answer anything for the extras: the page shows none then, as the server's read would.
    const [property, similar, priceHistory] = await Promise.all([
      services.getProperty(id),
      services.similarProperties(id).then(
        (items) => (Array.isArray(items) ? items : []),
        () => [],
      ),
      services.priceHistory(id).then(
        (points) => (Array.isArray(points) ? points : []),
        () => [],
      ),
    ]);
    if (property) return { property, noLongerAvailable: false, similar, priceHistory };
    return { property: null, noLongerAvailable: await services.isNoLongerAvailable(id), similar, priceHistory: [] };
  },
  homeListings: async ({ listings, places }) => {
    const search = servicesOverHttp.searchProperties;
    const [sale, rent, ...near] = await Promise.all([
      search({ type: 'sale', page: 1, per_page: listings }),
      search({ type: 'rent', page: 1, per_page: listings }),
      ...places.map((location) => search({ location, page: 1, per_page: 1 })),
    ]);
    return {
      newListings: { sale: sale?.items ?? [], rent: rent?.items ?? [] },
      places: near.map((page) => ({ total: page.total, first: page.items[0] ?? null })),
    };
  },
  propertyTypeCounts: () => apiPayload('/stats/property-types'),
  listPackages: () => apiPayload('/packages'),
  similarProperties: (id) => apiPayload(`/property/${id}/similar`),
  isNoLongerAvailable: async (id) => {
    const response = await apiGet(`/property/${id}`);
    if (response.status !== 404) return false;
    return ((await response.json()) as { code?: string }).code === LISTING_UNAVAILABLE_CODE;
  },
  compareProperties: (ids) => apiPayload(`/properties/compare?ids=${ids.join(',')}`),
  // Signed by the server in the app; any text stands for it here.
  viewToken: (id) => `test-view-token-${id}`,
  homeSettings: () => apiPayload('/settings/home'),
  listProjects: (query) =>
    apiPayload(`/projects?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`),
  getProject: async (slug) => {
    const response = await fetch(new Request(`http://localhost/api/projects/${slug}`, { redirect: 'manual' }));
    if (response.status === 404) return null;
    if (response.status === 301) {
      const to = response.headers.get('location') ?? '';
      return { redirect: to.slice(to.lastIndexOf('/') + 1) };
    }
    return { project: ((await response.json()) as { payload: never }).payload };
  },
  projectListings: async (slug, query) => {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const response = await apiGet(`/projects/${slug}/listings?${params}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  projectMarket: async (slug, months) => {
    const response = await apiGet(`/projects/${slug}/market?months=${months}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  areaMarket: async (query) => {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const response = await apiGet(`/market?${params}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  priceHistory: async (id) => {
    const response = await apiGet(`/property/${id}/price-history`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  getAgent: async (slug) => {
    const response = await apiGet(`/agents/${slug}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  agentListings: async (slug, query) => {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const response = await apiGet(`/agents/${slug}/listings?${params}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
  getAgency: async (slug) => {
    const response = await apiGet(`/agencies/${slug}`);
    if (response.status === 404) return null;
    return ((await response.json()) as { payload: never }).payload;
  },
};

export const testContext: PageContext = {
  pages: servicesOverHttp,
  publicUrl: 'http://localhost',
  mapTileUrl: DEFAULT_MAP_TILE_URL,
  requestId: 'test',
  logError: () => {},
};

function loaderOf(module: RouteModule) {
  const { loader, clientLoader } = module;
  const server = loader ? (args: LoaderFunctionArgs) => loader({ ...args, context: testContext }) : undefined;
  if (clientLoader) {
    return (args: LoaderFunctionArgs) =>
      clientLoader({ ...args, serverLoader: async () => (server ? server(args) : null) });
  }
  return server;
}

/** The route modules loaded so far, by route id: what React Router's <Meta /> reads in framework mode. */
type RouteModules = Record<string, RouteModule>;

function toRoute(entry: RouteConfigEntry, loaded: RouteModules): RouteObject {
  const load = modules[`../${entry.file}`];
  if (!load) throw new Error(`routes.ts names ${entry.file}, which is not a route module`);
  const id = entry.id ?? entry.file.replace(/\.tsx$/, '');
  const lazy = async () => {
    const module = await load();
    loaded[id] = module;
    return {
      Component: module.default ?? null,
      ErrorBoundary: module.ErrorBoundary ?? null,
      HydrateFallback: module.HydrateFallback ?? null,
      handle: module.handle,
      loader: loaderOf(module),
      shouldRevalidate: module.shouldRevalidate,
    };
  };
  if (entry.index) return { id, index: true, lazy };
  return { id, path: entry.path, lazy, children: entry.children?.map((child) => toRoute(child, loaded)) };
}

/**
 * React Router's own <Meta /> for the matched routes' `meta` exports (React hoists its <title> and <meta> tags into
 * document.head), as root.tsx's Layout renders it in the app: tests read document.title and the head's tags.
 */
function HeadTags({ routeModules }: { routeModules: RouteModules }) {
  const framework = { routeModules, isSpaMode: false } as unknown as NonNullable<ContextType<typeof FrameworkContext>>;
  return (
    <FrameworkContext.Provider value={framework}>
      <Meta />
    </FrameworkContext.Provider>
  );
}

/** The route table under a root element (the app's providers, in tests), with the pages' head tags. */
export function routeTree(root: React.ReactNode): RouteObject[] {
  const routeModules: RouteModules = {};
  return [
    {
      id: 'root',
      path: '',
      element: (
        <>
          <HeadTags routeModules={routeModules} />
          {root}
        </>
      ),
      children: (routeConfig as RouteConfigEntry[]).map((entry) => toRoute(entry, routeModules)),
    },
  ];
}
