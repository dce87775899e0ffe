import { PassThrough } from 'node:stream';
import { LANGUAGE_TAGS, type PageContext, splitLanguagePath } from '@baan/contract';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { deferHydration } from './app/deferred-hydration.server';
import { renderedResponse } from './app/rendered-response.server';
import { CLIENT_ONLY_ROUTE_ID } from './app/route-ids';
import { i18nForRequest } from './i18n/i18n.server';
import { PlaceNamesCollector, writtenPlaceNamesScript } from './lib/places/place-names';
import './lib/places/place-table.server';

// What the API asks of the web app besides rendering: canonical page addresses, the 429 page and a rendered document's
// text (PageEntryExtras).
export { tooManyRequestsPage } from './app/busy-page.server';
export { canonicalSearch } from './app/page-addresses';
export { renderedHtml } from './app/rendered-response.server';

/** A render that takes longer than this is cut short (its pending parts show their fallbacks). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Public pages may be kept by a CDN for a minute and served stale for ten while it fetches a fresh one; the browser
 * always asks again (with the ETag the server adds). Screens rendered in the browser, errors and redirects are not
 * shared.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE_PAGE_CACHE = 'no-cache';

declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}

/**
 * Renders a page in its URL's language with its own i18next instance. The whole page is rendered before it is sent
 * (no streaming): it is small, crawlers and link previews get everything, and the server can give it an ETag.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  context: AppLoadContext,
): Promise<Response> {
  const { language } = splitLanguagePath(new URL(request.url).pathname);
  const i18n = i18nForRequest(language);
  const isClientOnly = routerContext.staticHandlerContext.matches.some((m) => m.route.id === CLIENT_ONLY_ROUTE_ID);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Content-Language', LANGUAGE_TAGS[language]);
  // A page that says otherwise itself (the guest's conversation: `private, no-store`) keeps its own.
  if (!headers.has('Cache-Control')) {
    headers.set('Cache-Control', status === 200 && !isClientOnly ? PUBLIC_PAGE_CACHE : PRIVATE_PAGE_CACHE);
  }
  if (request.method === 'HEAD') return Promise.resolve(new Response(null, { status, headers }));

  // The places this render writes, carried by the page so the browser hydrates without the place table (ADR 051).
  const places = new Map<string, string>();
  return new Promise((resolve, reject) => {
    let statusCode = status;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <PlaceNamesCollector value={places}>
          <ServerRouter context={routerContext} url={request.url} nonce={context.scriptNonce} />
        </PlaceNamesCollector>
      </I18nextProvider>,
      {
        // React's own inline scripts, if it writes any, are marked as the framework's like React Router's (ADR 021).
        nonce: context.scriptNonce,
        // React would otherwise move a large finished part (the page's main content) to the end of the document
        // and reveal it with a script: without JavaScript it would stay hidden. The page is sent whole anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => {
            clearTimeout(timer);
            const html = Buffer.concat(chunks).toString('utf8');
            const placesScript = places.size > 0 ? writtenPlaceNamesScript(language, places) : '';
            resolve(renderedResponse(deferHydration(html, placesScript), statusCode, headers));
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          statusCode = 500;
          headers.set('Cache-Control', PRIVATE_PAGE_CACHE);
          context.logError(error, 'page render failed');
        },
      },
    );
    const timer = setTimeout(abort, RENDER_TIMEOUT_MS);
    // The client has gone (the server aborts the request's signal when its socket closes): stop rendering for it.
    request.signal.addEventListener('abort', () => abort(), { once: true });
  });
}

/** Loader data for a navigation in the browser: shared like the page it belongs to. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (response.status === 200 && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
  }
  return response;
};

/** A loader or render failure: logged with the request's id (the page shows the error screen). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.logError(error, 'page render failed');
};
