import { type Property, PropertyIdParams, PropertyListQuery } from '@baan/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { countPropertyTypes } from '../../services/properties/count-property-types.ts';
import { getProperty } from '../../services/properties/get-property.ts';
import { listAllProperties } from '../../services/properties/list-all-properties.ts';
import { listProperties } from '../../services/properties/list-properties.ts';

/** One visible listing through the listing cache (also used by the /detail/:id page head). */
export async function cachedProperty(app: FastifyInstance, id: number): Promise<Property | null> {
  return app.listingCache.get(`detail:${id}`, () => getProperty(app.db, app.storage, id));
}

const JSON_TYPE = 'application/json; charset=utf-8';

export const LISTING_NOT_FOUND = 'This listing does not exist or is no longer available.';

/** Public listing reads (docs/api.md "Listings"): search, all, one, and counts per sub type. */
const propertiesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/properties', async (request, reply) => {
    const query = parse(PropertyListQuery, request.query, 'Please correct the search filters.');
    // The answer is cached already serialized: a hot page then costs no JSON.stringify at all.
    const body = await app.listingCache.get(`page-json:${JSON.stringify(query)}`, async () =>
      JSON.stringify({ success: true, payload: await listProperties(app.db, app.storage, query, app.listingCache) }),
    );
    return reply.type(JSON_TYPE).send(body);
  });

  app.get('/all/properties', async () => {
    return { success: true, payload: await listAllProperties(app.db, app.storage) };
  });

  app.get<{ Params: { id: string } }>('/property/:id', async (request, reply) => {
    // Any id that is not a positive whole number names no listing: 404, like a missing one.
    const parsed = PropertyIdParams.safeParse(request.params);
    if (!parsed.success) throw notFound(LISTING_NOT_FOUND);
    const id = parsed.data.id;
    const body = await app.listingCache.get(`detail-json:${id}`, async () => {
      const property = await cachedProperty(app, id);
      return property ? JSON.stringify({ success: true, payload: property }) : null;
    });
    if (!body) throw notFound(LISTING_NOT_FOUND);
    return reply.type(JSON_TYPE).send(body);
  });

  app.get('/stats/property-types', async () => {
    return { success: true, payload: await app.listingCache.get('stats:types', () => countPropertyTypes(app.db)) };
  });
};

export default propertiesRoutes;
