import { PropertyIdParams, PropertyListQuery } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { EncodedBody, sendEncoded } from '../../lib/encoded-body.ts';
import { notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { listAllProperties } from '../../services/properties/list-all-properties.ts';
import { cachedProperty, cachedPropertyPage, cachedTypeCounts } from '../../services/properties/listing-reads.ts';

export const LISTING_NOT_FOUND = 'This listing does not exist or is no longer available.';

/** Public listing reads (docs/api.md "Listings"): search, all, one, and counts per sub type. */
const propertiesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/properties', async (request, reply) => {
    // The answer is cached already serialized (and compressed on demand), under the URL as sent:
    // a hot page then costs neither validation, JSON.stringify nor compression. Behind it,
    // spellings of the same search share one entry. A rejected query (400) is never remembered.
    const body = await app.listingCache.get(`page-url:${request.url}`, () => {
      const query = parse(PropertyListQuery, request.query, 'Please correct the search filters.');
      return app.listingCache.get(
        `page-body:${JSON.stringify(query)}`,
        async () =>
          new EncodedBody(
            JSON.stringify({
              success: true,
              payload: await cachedPropertyPage(app, query),
            }),
          ),
      );
    });
    return sendEncoded(request, reply, body);
  });

  app.get('/all/properties', async () => {
    return { success: true, payload: await listAllProperties(app.db, app.storage) };
  });

  app.get<{ Params: { id: string } }>('/property/:id', async (request, reply) => {
    // Any id that is not a positive whole number names no listing: 404, like a missing one.
    const parsed = PropertyIdParams.safeParse(request.params);
    if (!parsed.success) throw notFound(LISTING_NOT_FOUND);
    const id = parsed.data.id;
    const body = await app.listingCache.get(`detail-body:${id}`, async () => {
      const property = await cachedProperty(app, id);
      return property ? new EncodedBody(JSON.stringify({ success: true, payload: property })) : null;
    });
    if (!body) throw notFound(LISTING_NOT_FOUND);
    return sendEncoded(request, reply, body);
  });

  app.get('/stats/property-types', async () => {
    return { success: true, payload: await cachedTypeCounts(app) };
  });
};

export default propertiesRoutes;
