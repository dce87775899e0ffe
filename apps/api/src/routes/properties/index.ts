import {
  PropertyIdParams,
  PropertyListQuery,
  PropertyListResponse,
  PropertyPageResponse,
  PropertyResponse,
  PropertyTypeCountsResponse,
} from '@baan/contract';
import { sendEncoded } from '../../lib/encoded-body.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import {
  allProperties,
  cachedPropertyBody,
  cachedSearchBody,
  cachedTypeCounts,
} from '../../services/properties/listing-reads.ts';

export const LISTING_NOT_FOUND = 'This listing does not exist or is no longer available.';

/** Public listing reads (docs/api.md "Listings"): search, all, one, and counts per sub type. */
const propertiesRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/properties',
    // The query is parsed only when its answer is not cached yet (a hot URL costs no validation).
    { schema: { querystring: readInHandler({ json: PropertyListQuery }), response: { 200: PropertyPageResponse } } },
    async (request, reply) => {
      // Cached serialized under the URL as sent (listing-reads.ts); a rejected query (400) is never remembered.
      const body = await cachedSearchBody(app, request.url, () =>
        parse(PropertyListQuery, request.query, 'Please correct the search filters.'),
      );
      return sendEncoded(request, reply, body);
    },
  );

  app.get('/all/properties', { schema: { response: { 200: PropertyListResponse } } }, async () =>
    ok(await allProperties(app)),
  );

  app.get(
    '/property/:id',
    {
      schema: { params: PropertyIdParams, response: { 200: PropertyResponse } },
      // Any id that is not a positive whole number names no listing: 404, like a missing one.
      config: { input: { notFound: LISTING_NOT_FOUND } },
    },
    async (request, reply) => {
      const body = await cachedPropertyBody(app, request.params.id);
      if (!body) throw notFound(LISTING_NOT_FOUND);
      return sendEncoded(request, reply, body);
    },
  );

  app.get('/stats/property-types', { schema: { response: { 200: PropertyTypeCountsResponse } } }, async () =>
    ok(await cachedTypeCounts(app)),
  );
};

export default propertiesRoutes;
