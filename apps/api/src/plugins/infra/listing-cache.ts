import fp from 'fastify-plugin';
import { redactRedisUrl } from '../../lib/redact-url.ts';
import { createRedisChannel } from '../../lib/redis-pubsub.ts';
import { ListingCache } from '../../services/properties/listing-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Public listing reads (search pages, counts, details, type statistics, rendered pages), kept
     * for `config.listingCacheTtlMs`, read from the replica when DATABASE_READ_URL is set. Its keys
     * and reads live in services/properties/listing-reads.ts; a write that changes what visitors
     * see calls `invalidateListings` from there (docs/decisions/005-listing-read-cache.md).
     */
    listingCache: ListingCache;
  }
}

/** The Redis channel on which every node announces the writes that invalidate listing reads. */
export const LISTING_INVALIDATION_CHANNEL = 'baan:listings:invalidate';

/** How long start-up waits for the first subscription before going on without it. */
const REDIS_SUBSCRIBE_WAIT_MS = 3_000;

/**
 * The listing read cache. With REDIS_URL, invalidations go through a Redis channel every node
 * subscribes to, so a write on one node refreshes every node at once (not only when entries
 * expire); after a lost connection the subscriber reconnects and, once subscribed again, clears
 * this node's cache (it may have missed messages meanwhile). Without Redis it stays local.
 */
export default fp(
  async (app) => {
    const { database, config } = app;
    const cache = new ListingCache({
      ttlMs: config.listingCacheTtlMs,
      staleMs: config.listingCacheStaleMs,
      pageMaxBytes: config.pageCacheMaxBytes,
      now: () => app.clock.now().getTime(),
      primary: database.db,
      replica: database.readDb,
      log: app.log,
    });
    app.decorate('listingCache', cache);
    if (cache.hasReplica) app.log.info('listing reads: read replica (DATABASE_READ_URL)');
    if (config.redisUrl) {
      const channel = createRedisChannel({
        url: config.redisUrl,
        channel: LISTING_INVALIDATION_CHANNEL,
        log: app.log,
        connectionName: 'baan-listings',
        onMessage: (message) => cache.receive(message),
        onSubscribed: () => cache.clear(),
      });
      cache.broadcastThrough((message) => channel.publish(message));
      app.log.info({ redis: redactRedisUrl(config.redisUrl) }, 'listing cache: invalidations shared through Redis');
      // Start-up waits briefly for Redis but never fails on it (the subscriber keeps trying).
      app.addHook('onReady', async () => {
        if (!(await channel.connect(REDIS_SUBSCRIBE_WAIT_MS)))
          app.log.warn('listing cache: not subscribed to Redis yet; other nodes’ writes show when entries expire');
      });
      app.addHook('onClose', async () => {
        await channel.close();
      });
    }
    app.addHook('onClose', async () => cache.close());
  },
  { name: 'listing-cache', dependencies: ['config', 'clock', 'db'] },
);
