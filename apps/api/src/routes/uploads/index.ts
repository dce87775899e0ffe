import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /uploads/<key>: stored files. Keys are unique per file and never rewritten, so browsers may
 * cache them for a year.
 */
const uploads: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    // Private files (payment receipts) are served only through their API route, with a check.
    if (key.startsWith('private/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    let file: Awaited<ReturnType<typeof app.storage.get>> = null;
    try {
      file = await app.storage.get(key);
    } catch {
      file = null; // an unsafe key is simply not a file
    }
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', file.size)
      .type(file.contentType)
      .send(file.body);
  });
};

export default uploads;
