import { PROPERTY_SUB_TYPES } from '@baan/contract';
import { vi } from 'vitest';

/** A JSON answer for a stubbed fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One route of a stubbed API: answers the request, or returns undefined to let the next route try. */
export type Route = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

/**
 * Stubs fetch (screen tests; apps/api/test covers the server). Routes are tried in order; a call no
 * route answers gets the API's 404 envelope. Returns every request made and the JSON body of each
 * POST, PUT and PATCH (undefined when it had none).
 */
export function stubFetch(...routes: Route[]) {
  const requests: Request[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      // RTK Query passes a Request; plain fetches (the location and station pickers) a path.
      const request = input instanceof Request ? input : new Request(new URL(input, window.location.origin), init);
      requests.push(request);
      if (['POST', 'PUT', 'PATCH'].includes(request.method)) {
        const text = await request.clone().text();
        // A multipart form (files) is kept as its text.
        let body: unknown = text || undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {}
        bodies.push(body);
      }
      const url = new URL(request.url);
      for (const route of routes) {
        const answer = await route(request, url);
        if (answer) return answer;
      }
      return jsonResponse(404, { success: false, message: 'Not found' });
    }),
  );
  return { requests, bodies, posts: () => requests.filter((r) => r.method === 'POST') };
}

/**
 * The public catalogue with no listings: GET /api/properties answers an empty page and GET /api/stats/property-types
 * zero of every type. Home's loader reads both, so a test that renders or reaches home without caring about listings
 * adds this route to its stub (renderApp stubs fetch with it when the test has not stubbed fetch).
 */
export const emptyCatalogue: Route = (request, url) => {
  if (request.method !== 'GET') return undefined;
  if (url.pathname === '/api/properties') {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 12);
    return jsonResponse(200, { success: true, payload: { items: [], total: 0, page, per_page: perPage } });
  }
  if (url.pathname === '/api/stats/property-types') {
    const counts = Object.fromEntries(PROPERTY_SUB_TYPES.map((type) => [type, 0]));
    return jsonResponse(200, { success: true, payload: counts });
  }
  return undefined;
};
