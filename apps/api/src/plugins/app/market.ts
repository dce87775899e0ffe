import fp from 'fastify-plugin';
import { every } from '../../services/jobs/runner.ts';
import { MARKET_AREAS_EVERY_MS, MARKET_AREAS_JOB, refreshAreaFigures } from '../../services/projects/area-figures.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

/**
 * Keeps the stored area figures GET /api/market answers from (ADR 028, "Stored area figures") as a durable job on a
 * schedule, once across nodes: at start, then every minute it recomputes the areas whose listings changed (or all of
 * them when a month begins) and clears the read cache if it stored anything.
 */
export default fp(
  async (app) => {
    app.jobs.register(
      MARKET_AREAS_JOB,
      async (_payload, { log }) => {
        const { computed, removed } = await refreshAreaFigures(app.db, app.clock.now());
        if (computed + removed > 0) {
          await invalidateListings(app, 'area figures recomputed');
          log.info({ computed, removed }, 'area figures brought in step');
        }
      },
      // A first run over every area of a large database takes a while; another node must not start it again.
      { leaseMs: 15 * 60_000 },
    );
    app.jobs.schedule({
      name: MARKET_AREAS_JOB,
      kind: MARKET_AREAS_JOB,
      next: every(MARKET_AREAS_EVERY_MS),
      runAtStart: true,
    });
  },
  { name: 'market', dependencies: ['db', 'clock', 'jobs', 'listing-cache'] },
);
