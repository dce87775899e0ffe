import { StationListResponse, StationsQuery } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { searchStations } from '../../services/transit/search-stations.ts';

/** The station gazetteer only changes with a release, so answers may be cached for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

/** GET /api/stations?q= (docs/api.md "Buyers"): the rail stations the search and the listings name. */
const transitRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/stations',
    { schema: { querystring: StationsQuery, response: { 200: StationListResponse } } },
    async (request, reply) => {
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return ok(searchStations(request.query.q));
    },
  );
};

export default transitRoutes;
