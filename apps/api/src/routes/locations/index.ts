import { LocationSearchQuery } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { parse } from '../../lib/validate.ts';
import { searchLocations } from '../../services/locations/search-locations.ts';

/** The gazetteer only changes with a release, so answers may be cached for a day (per language). */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

const locations: FastifyPluginAsync = async (app) => {
  app.get('/locations', async (request, reply) => {
    const { q } = parse(LocationSearchQuery, request.query);
    const payload = searchLocations(q, requestLanguage(request) === 'th' ? 'th' : 'en');
    reply.header('cache-control', CACHE_FOR_A_DAY).header('vary', 'Accept-Language');
    return { success: true, payload };
  });
};

export default locations;
