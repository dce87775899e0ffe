import fp from 'fastify-plugin';
import { TtlCache } from '../lib/ttl-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Public listing reads (search pages, counts, details, type statistics), kept for
     * `config.listingCacheTtlMs`. Anything that changes a listing or its owner calls
     * `app.listingCache.clear()` (see docs/decisions/005-listing-read-cache.md).
     */
    listingCache: TtlCache;
  }
}

export default fp(
  async (app) => {
    app.decorate('listingCache', new TtlCache(app.config.listingCacheTtlMs, () => app.clock.now().getTime()));
  },
  { name: 'listing-cache', dependencies: ['config', 'clock'] },
);
