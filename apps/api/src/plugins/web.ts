import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routePreloads, withHeadTags } from '../lib/route-preloads.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built SPA: hashed files under /assets with a year-long immutable cache, other files
 * briefly cached, and index.html (never cached) for every other GET that is not an API path, so a
 * client-side route such as /Quick or /detail/5 survives a reload.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const indexPath = path.join(root, 'index.html');
    const hasWeb = existsSync(indexPath);
    if (!hasWeb) app.log.warn({ root }, 'web app not built; run `npm run build` to serve it');

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        // scripts/precompress.mjs writes .br/.gz beside each built file.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const rel = path.relative(root, filePath);
          reply.header('Cache-Control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600');
        },
      });
    }
    // Read once: the file only changes with a new build, which means a restart.
    const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : null;
    const preloadsFor = hasWeb ? routePreloads(root) : () => '';
    const htmlFor = (urlPath: string) => (indexHtml ? withHeadTags(indexHtml, preloadsFor(urlPath)) : null);

    app.decorate('sendSpa', (reply: FastifyReply, html?: string) => {
      if (!indexHtml) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app has not been built. Run `npm run build`, then start the server again.');
      }
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html ?? indexHtml);
    });
    app.decorate('spaHtml', (urlPath?: string) => (urlPath === undefined ? indexHtml : htmlFor(urlPath)));

    // @fastify/static answers a bare directory with 403; the root is the home page.
    app.get('/', (_request, reply) => app.sendSpa(reply));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply
          .code(404)
          .send({ success: false, message: `No such endpoint: ${request.method} ${url.split('?')[0]}` });
      }
      // A missing hashed asset must not come back as HTML with a 200 (the browser would cache it).
      if (url.startsWith('/assets/') || url.startsWith('/uploads/')) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return app.sendSpa(reply, htmlFor(url) ?? undefined);
    });
  },
  { name: 'web', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the SPA's index.html (or the given HTML built from it). */
    sendSpa: (reply: FastifyReply, html?: string) => FastifyReply;
    /**
     * The built index.html, or null when the web app has not been built; given the URL path, with the
     * modulepreload tags of that route's chunks (lib/route-preloads.ts).
     */
    spaHtml: (urlPath?: string) => string | null;
  }
}
