import type { FastifyPluginAsync } from 'fastify';
import { sendEncoded } from '../../lib/encoded-body.ts';
import { sitemapPartXml, sitemapXml } from '../../services/reads/listing-reads.ts';
import { robotsTxt } from '../../services/seo/build-sitemap.ts';

/** The sitemap (every public page and active listing in every language) and robots.txt. */
const seo: FastifyPluginAsync = async (app) => {
  const publicUrl = app.config.publicUrl;

  // Built once and shared (listing-reads.ts): a sitemap file can be tens of MB.
  app.get('/sitemap.xml', async (request, reply) => {
    const xml = await sitemapXml(app, publicUrl);
    return sendEncoded(request, reply.header('Cache-Control', 'public, max-age=3600'), xml);
  });

  app.get<{ Params: { part: string } }>('/sitemaps/:part', async (request, reply) => {
    const name = request.params.part.endsWith('.xml') ? request.params.part.slice(0, -4) : '';
    const xml = name ? await sitemapPartXml(app, publicUrl, name) : null;
    if (!xml) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendEncoded(request, reply.header('Cache-Control', 'public, max-age=3600'), xml);
  });

  app.get('/robots.txt', async (_request, reply) => {
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(publicUrl));
  });
};

export default seo;
