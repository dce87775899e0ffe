import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageContext, PageEntryExtras } from '@baan/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppLoadContext, createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';
import { clientNetwork } from '../../lib/client-network.ts';
import { EncodedBody, sendEncoded } from '../../lib/encoded-body.ts';
import { eventLoopBusyness, RenderLimiter } from '../../lib/render-limiter.ts';
import { cachedPage, isPageCached } from '../../services/reads/listing-reads.ts';
import { pageServices } from './page-services.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The framework's inline scripts in a page rendered with `nonce`: React Router (and React) write this render's nonce
 * on every script of their own (hydration data, module loader, scroll restoration), and nothing else in the page can
 * know it, since it is made after every stored text the page shows. Returns each such script's CSP hash source, and
 * the page without the nonce (so two renders of the same data are the same bytes, for the ETag and every cache, and
 * no response reuses a nonce). An inline script without it (markup that found its way into a page) gets no hash, so
 * the browser refuses to run it. ADR 021.
 */
export function frameworkScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>();
  const marked = ` nonce="${nonce}"`;
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes.includes(marked) || /\bsrc\s*=/.test(attributes) || body === '') continue;
    hashes.add(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return { html: html.replaceAll(marked, ''), hashes: [...hashes] };
}

/** A rendered answer, kept whole so it can be shared by identical requests. */
interface RenderedPage {
  status: number;
  headers: [string, string][];
  etag: string | undefined;
  body: EncodedBody;
}

/** Only a public page that rendered fine may be shared: not an error, a redirect or an account screen. */
function isShared(page: RenderedPage): boolean {
  const cacheControl = page.headers.find(([name]) => name === 'cache-control')?.[1] ?? '';
  return page.status === 200 && cacheControl.startsWith('public');
}

/** Carries a render that must not be shared out of the read cache (which remembers nothing that failed). */
class NotShared extends Error {
  constructor(readonly page: RenderedPage) {
    super('not shared');
  }
}

/** A render stopped because its client went away: nothing to send, nothing to keep. */
class ClientGone extends Error {
  constructor() {
    super('client gone');
  }
}

/** Where a page request goes: the canonical address it renders and is cached under, or where to send it instead. */
type PageAddress = { address: string } | { redirect: string };

/**
 * The address a page request is rendered and cached under (ADR 021). A public page's query is replaced by the
 * canonical one its loader reads (`canonical`, the web app's): a document whose query differs (other than in how
 * its characters are escaped) is redirected there
 * (302: parameters unknown today may be known tomorrow, and a browser keeps a 301 for good); loader data for a
 * navigation in the browser (`<path>.data`, React Router's `_routes` kept) is rendered for the canonical query
 * without a detour. Addresses the web app leaves alone (screens rendered in the browser, unknown paths) stay as sent.
 */
export function pageAddress(url: string, canonical: PageEntryExtras['canonicalSearch'] | undefined): PageAddress {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? '' : url.slice(q);
  const isData = pathname.endsWith('.data');
  if (!canonical) return { address: url };
  if (!isData) {
    const wanted = canonical(pathname, search);
    if (wanted === null) return { address: url };
    // Spelled differently only (`%20` for `+`, `%2C` for `,`): the same query, rendered and kept as the canonical one.
    const same = wanted === search || new URLSearchParams(wanted).toString() === new URLSearchParams(search).toString();
    return same ? { address: `${pathname}${wanted}` } : { redirect: `${pathname}${wanted}` };
  }
  const params = new URLSearchParams(search);
  const routes = params.get('_routes');
  params.delete('_routes');
  const page = pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length);
  const wanted = canonical(page, params.size > 0 ? `?${params}` : '');
  if (wanted === null) return { address: url };
  const tail = routes === null ? '' : new URLSearchParams({ _routes: routes }).toString();
  return { address: `${pathname}${wanted}${tail ? `${wanted ? '&' : '?'}${tail}` : ''}` };
}

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * Serves the web app: its built files (hashed ones under /assets with a year-long immutable cache), and every other
 * GET or HEAD that is not an API path rendered on the server by React Router (apps/web, framework mode) in the
 * language of its URL. The render reads listings through the same services and cache as the API.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const clientDir = path.join(root, 'client');
    const serverEntry = path.join(root, 'server', 'index.js');
    const hasWeb = existsSync(serverEntry);
    if (!hasWeb) app.log.warn({ root }, 'web app not built; run `npm run build` to serve it');

    if (existsSync(clientDir)) {
      await app.register(fastifyStatic, {
        root: clientDir,
        index: false,
        // A route per built file, found once at start: a page's path then costs no disk look-up (with a wildcard,
        // every page request was first a stat and a directory read for a file that is not there).
        wildcard: false,
        // scripts/precompress.mjs writes .br/.gz beside each built file.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const rel = path.relative(clientDir, filePath);
          reply.header('Cache-Control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600');
        },
      });
    }
    // Loaded once: the build only changes with a new deployment, which means a restart.
    const build = hasWeb ? ((await import(pathToFileURL(serverEntry).href)) as ServerBuild) : null;
    const handle = build ? createRequestHandler(build, 'production') : null;
    const pages = pageServices(app);
    const origin = new URL(app.config.publicUrl).origin;
    const extras = (build?.entry.module ?? {}) as Partial<PageEntryExtras>;
    const loop = eventLoopBusyness();
    app.addHook('onClose', async () => loop.stop());
    const limiter = new RenderLimiter(app.config.pageRenders, () => app.clock.now().getTime(), loop.utilization);
    const counts = { rendered: 0, refused: 0, abandoned: 0 };
    app.decorate('pageRenderStats', () => ({ ...counts, inProgress: limiter.inProgress }));

    /**
     * Renders `url` for one request: status, headers (the CSP with the framework's script hashes) and body. Its
     * client leaving (the socket closes before the answer is sent) aborts the render's signal: loaders stop, React
     * stops, and ClientGone is thrown instead of an answer nobody reads.
     */
    async function renderFresh(
      request: FastifyRequest,
      reply: FastifyReply,
      render: RequestHandler,
      url: string,
    ): Promise<RenderedPage> {
      counts.rendered += 1;
      const stop = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) stop.abort();
      };
      reply.raw.once('close', onClose);
      let page: RenderedPage | undefined;
      try {
        page = await renderWith(request, render, url, stop.signal);
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
      // Whatever the render made of its abort (an error, a cut page), nobody reads it and nothing keeps it.
      if (stop.signal.aborted || !page) {
        counts.abandoned += 1;
        throw new ClientGone();
      }
      return page;
    }

    /** One render of `url` as a GET (a HEAD is answered from what a GET makes). */
    async function renderWith(
      request: FastifyRequest,
      render: RequestHandler,
      url: string,
      signal: AbortSignal,
    ): Promise<RenderedPage> {
      const scriptNonce = randomBytes(18).toString('base64url');
      const context: PageContext = {
        pages,
        publicUrl: app.config.publicUrl,
        mapTileUrl: app.config.mapTileUrl,
        requestId: request.id,
        logError: (error, message) => request.log.error({ err: error }, message),
        scriptNonce,
      };
      const response = await render(
        new Request(new URL(url, origin), { method: 'GET', headers: webHeaders(request), signal }),
        // The web app declares its load context as PageContext (apps/web/src/entry.server.tsx).
        context as unknown as AppLoadContext,
      );
      // The document's text as the web app made it (no body to encode and decode again), else the body.
      let text = extras.renderedHtml?.(response) ?? (await response.text());
      const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'content-type');
      const type = response.headers.get('content-type') ?? 'text/html; charset=utf-8';
      if (type.startsWith('text/html')) {
        const page = frameworkScripts(text, scriptNonce);
        text = page.html;
        headers.push(['content-security-policy', app.contentSecurityPolicy(page.hashes)]);
      }
      // Encoded once: hashed for the ETag and compressed from the same bytes.
      const utf8 = Buffer.from(text);
      const etag = response.status === 200 ? `W/"${createHash('sha1').update(utf8).digest('base64url')}"` : undefined;
      return { status: response.status, headers, etag, body: new EncodedBody(text, type, utf8) };
    }

    /**
     * A public page is rendered once per read-cache lifetime and canonical address, and shared (with its compressed
     * forms): the cache is the listing read cache's, so every write that clears it also drops the pages built from
     * its data.
     */
    async function cachedRender(
      request: FastifyRequest,
      reply: FastifyReply,
      render: RequestHandler,
      address: string,
    ): Promise<RenderedPage> {
      try {
        return await cachedPage(app, address, async () => {
          const page = await renderFresh(request, reply, render, address);
          if (!isShared(page)) throw new NotShared(page);
          return page;
        });
      } catch (error) {
        if (error instanceof NotShared) return error.page;
        throw error;
      }
    }

    /** The 429 page in the address's language (the web app's), or a plain line if the build has none. */
    function refuse(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number, address: string) {
      counts.refused += 1;
      // Debug only: a flood makes one a request (baan_page_renders_refused_total counts them).
      request.log.debug({ retryAfterSeconds }, 'page render refused: too many from this network');
      const path = address.split('?')[0] ?? '/';
      const html = extras.tooManyRequestsPage?.(path.endsWith('.data') ? path.slice(0, -5) : path, address);
      reply
        .code(429)
        .header('Retry-After', String(retryAfterSeconds))
        .header('Cache-Control', 'no-store')
        .header('content-security-policy', app.contentSecurityPolicy([]));
      if (!html) return reply.type('text/plain; charset=utf-8').send('Too many requests. Please try again shortly.');
      return reply.type('text/html; charset=utf-8').send(html);
    }

    /**
     * A page from the cache costs nothing and is never limited. A render that misses it is counted against the
     * client's network (RenderLimiter: IPv4 address, IPv6 /64) and refused with 429 while the node is busy and that
     * network has had its share.
     */
    async function pageFor(
      request: FastifyRequest,
      reply: FastifyReply,
      render: RequestHandler,
      address: string,
    ): Promise<RenderedPage | { retryAfterSeconds: number }> {
      if (isPageCached(app, address)) return cachedRender(request, reply, render, address);
      const permit = limiter.admit(clientNetwork(request.ip));
      if ('retryAfterSeconds' in permit) return permit;
      try {
        return await cachedRender(request, reply, render, address);
      } finally {
        permit.done();
      }
    }

    async function render(request: FastifyRequest, reply: FastifyReply) {
      if (!handle) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app has not been built. Run `npm run build`, then start the server again.');
      }
      const where = pageAddress(request.url, extras.canonicalSearch);
      if ('redirect' in where) {
        return reply
          .code(302)
          .header('Location', where.redirect)
          .header('Cache-Control', 'public, max-age=0, s-maxage=60')
          .send();
      }
      const gone = (error: unknown) => {
        if (error instanceof ClientGone) return null;
        throw error;
      };
      const page = await pageFor(request, reply, handle, where.address).catch((error: unknown) => {
        gone(error);
        // The render this request waited for was another's, whose client left: render again if this one is here.
        return request.raw.socket?.destroyed ? null : pageFor(request, reply, handle, where.address).catch(gone);
      });
      // This client has gone: there is no one to answer.
      if (page === null) return reply.hijack();
      if ('retryAfterSeconds' in page) return refuse(request, reply, page.retryAfterSeconds, where.address);
      reply.code(page.status);
      for (const [name, value] of page.headers) reply.header(name, value);
      if (page.etag) {
        reply.header('ETag', page.etag);
        if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      }
      if (request.method === 'HEAD') return reply.type(page.body.type).send();
      return sendEncoded(request, reply, page.body);
    }

    // @fastify/static would answer the root folder itself with 403: home is a page.
    app.get('/', render);

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply
          .code(404)
          .send({ success: false, message: `No such endpoint: ${request.method} ${url.split('?')[0]}` });
      }
      // A missing built file or upload must not come back as a page with a 200 (the browser would cache it).
      if (url.startsWith('/assets/') || url.startsWith('/uploads/')) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return render(request, reply);
    });
  },
  { name: 'web', dependencies: ['config', 'security-headers', 'clock', 'listing-cache'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pages rendered (cache misses), renders refused (429) and abandoned by their client since start, and uncached
     * renders running now.
     */
    pageRenderStats: () => { rendered: number; refused: number; abandoned: number; inProgress: number };
  }
}
