import fp from 'fastify-plugin';
import { TtlCache } from '../lib/ttl-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Public listing reads (search pages, details, type counts) for a few seconds. Anything that
     * changes what visitors see — creating, deleting, hiding or featuring a listing, disabling an
     * owner — must call `app.listingCache.clear()`.
     */
    listingCache: TtlCache<unknown>;
  }
}

export default fp(
  async (app) => {
    app.decorate('listingCache', new TtlCache<unknown>(app.config.listingCacheSeconds * 1000, 2000));
  },
  { name: 'listing-cache', dependencies: ['config'] },
);
