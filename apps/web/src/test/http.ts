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
    vi.fn(async (request: Request) => {
      requests.push(request);
      if (['POST', 'PUT', 'PATCH'].includes(request.method)) {
        const text = await request.clone().text();
        bodies.push(text ? JSON.parse(text) : undefined);
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
