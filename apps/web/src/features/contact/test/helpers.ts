import { vi } from 'vitest';
import { jsonResponse as json } from '../../../test/http';

export { json };

export type Route = (request: Request, url: URL) => Response | Promise<Response> | undefined;

/** Stubs fetch (these tests are about the screens; apps/api/test covers the server); unknown calls get a 404. */
export function stubFetch(route: Route) {
  const requests: Request[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      if (request.method === 'POST') bodies.push(await request.clone().json());
      const answer = await route(request, new URL(request.url));
      return answer ?? json(404, { success: false, message: 'Not found' });
    }),
  );
  return { requests, bodies, posts: () => requests.filter((r) => r.method === 'POST') };
}

/** A promise to answer a request later, to see the form while it sends. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
