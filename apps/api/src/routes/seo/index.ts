import { PropertyIdParams } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { buildSitemap, buildSitemapPart, robotsTxt } from '../../services/seo/build-sitemap.ts';
import { injectHead } from '../../services/seo/html.ts';
import { listingHeadTags, listingPhotoPreload, listingTitle } from '../../services/seo/listing-head.ts';
import { cachedProperty } from '../properties/index.ts';

/**
 * What crawlers and link previews read without running JavaScript: the listing page's head in
 * the first HTML response, the sitemap and robots.txt. Registered after the web plugin, whose
 * `spaHtml()` / `sendSpa()` it uses.
 */
const seo: FastifyPluginAsync = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.get<{ Params: { id: string } }>('/detail/:id', async (request, reply) => {
    const indexHtml = app.spaHtml(request.url);
    if (!indexHtml) return app.sendSpa(reply);
    const parsed = PropertyIdParams.safeParse(request.params);
    const property = parsed.success ? await cachedProperty(app, parsed.data.id) : null;
    if (!property) {
      // The SPA still renders its own not-found screen; the status tells crawlers the truth.
      return reply.code(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    const headTags = [listingHeadTags(property, publicUrl), listingPhotoPreload(property)].filter(Boolean).join('\n');
    return app.sendSpa(reply, injectHead(indexHtml, listingTitle(property), headTags));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await buildSitemap(app.db, publicUrl);
    return reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  });

  app.get<{ Params: { part: string } }>('/sitemaps/:part', async (request, reply) => {
    const name = request.params.part.endsWith('.xml') ? request.params.part.slice(0, -4) : '';
    const xml = name ? await buildSitemapPart(app.db, publicUrl, name) : null;
    if (!xml) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', async (_request, reply) => {
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(publicUrl));
  });
};

export default seo;
