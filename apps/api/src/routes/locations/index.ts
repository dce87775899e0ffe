import { LocationSearchQuery, LocationSearchResponse } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { searchLocations } from '../../services/locations/search-locations.ts';

/** The gazetteer only changes with a release, so answers may be cached for a day (per language). */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

const locations: RoutesPlugin = async (app) => {
  app.get(
    '/locations',
    { schema: { querystring: LocationSearchQuery, response: { 200: LocationSearchResponse } } },
    async (request, reply) => {
      const payload = searchLocations(request.query.q, requestLanguage(request) === 'th' ? 'th' : 'en');
      reply.header('cache-control', CACHE_FOR_A_DAY).header('vary', 'Accept-Language');
      return ok(payload);
    },
  );
};

export default locations;
