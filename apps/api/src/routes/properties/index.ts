import {
  CompareListResponse,
  CompareQuery,
  LISTING_UNAVAILABLE_CODE,
  MapResultResponse,
  PropertyIdParams,
  PropertyListQuery,
  PropertyListResponse,
  PropertyMapQuery,
  PropertyPageResponse,
  PropertyResponse,
  PropertyTypeCountsResponse,
  SimilarListResponse,
} from '@baan/contract';
import { sendEncoded } from '../../lib/encoded-body.ts';
import { ok } from '../../lib/envelope.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import { withKnownStation } from '../../services/properties/geo-search.ts';
import {
  allPropertiesBody,
  cachedCompareProperties,
  cachedListingNoLongerAvailable,
  cachedMapPoints,
  cachedPropertyBody,
  cachedSearchBody,
  cachedSimilarProperties,
  cachedTypeCounts,
} from '../../services/reads/listing-reads.ts';

export const LISTING_NOT_FOUND = 'This listing does not exist or is no longer available.';
/** The 400's message for a search, map or compare query that fails its schema (the field errors say which). */
const SEARCH_MESSAGE = 'Please correct the search filters.';

/** Public listing reads (docs/api.md "Listings"): search, all, one, and counts per sub type. */
const propertiesRoutes: RoutesPlugin = async (app) => {
  // The fixed paths under /properties first, so nothing registered later can take them for something else.
  app.get(
    '/properties/map',
    {
      schema: { querystring: PropertyMapQuery, response: { 200: MapResultResponse } },
      config: { input: { message: SEARCH_MESSAGE } },
    },
    // An unknown station is a 400 before the read cache is asked (never remembered).
    async (request) => ok(await cachedMapPoints(app, withKnownStation(request.query))),
  );

  app.get(
    '/properties/compare',
    {
      schema: { querystring: CompareQuery, response: { 200: CompareListResponse } },
      config: { input: { message: SEARCH_MESSAGE } },
    },
    async (request) => ok(await cachedCompareProperties(app, request.query.ids)),
  );

  app.get(
    '/properties',
    // The query is parsed only when its answer is not cached yet (a hot URL costs no validation).
    { schema: { querystring: readInHandler({ json: PropertyListQuery }), response: { 200: PropertyPageResponse } } },
    async (request, reply) => {
      // Cached serialized under the URL as sent (listing-reads.ts); a rejected query (400) is never remembered.
      const body = await cachedSearchBody(app, request.url, () =>
        withKnownStation(parse(PropertyListQuery, request.query, SEARCH_MESSAGE)),
      );
      return sendEncoded(request, reply, body);
    },
  );

  // Built once and shared by every caller (listing-reads.ts): it is the whole catalogue.
  app.get('/all/properties', { schema: { response: { 200: PropertyListResponse } } }, async (request, reply) =>
    sendEncoded(request, reply, await allPropertiesBody(app)),
  );

  app.get(
    '/property/:id',
    {
      schema: { params: PropertyIdParams, response: { 200: PropertyResponse } },
      // Any id that is not a positive whole number names no listing: 404, like a missing one.
      config: { input: { notFound: LISTING_NOT_FOUND } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await cachedPropertyBody(app, id);
      if (body) return sendEncoded(request, reply, body);
      // A listing that was public says so (the page then offers similar ones); one that never was, or is gone, does not.
      if (await cachedListingNoLongerAvailable(app, id)) {
        throw new HttpError(404, LISTING_NOT_FOUND, undefined, undefined, LISTING_UNAVAILABLE_CODE);
      }
      throw notFound(LISTING_NOT_FOUND);
    },
  );

  app.get(
    '/property/:id/similar',
    {
      schema: { params: PropertyIdParams, response: { 200: SimilarListResponse } },
      config: { input: { notFound: LISTING_NOT_FOUND } },
    },
    async (request) => {
      const similar = await cachedSimilarProperties(app, request.params.id);
      if (!similar) throw notFound(LISTING_NOT_FOUND);
      return ok(similar);
    },
  );

  app.get('/stats/property-types', { schema: { response: { 200: PropertyTypeCountsResponse } } }, async () =>
    ok(await cachedTypeCounts(app)),
  );
};

export default propertiesRoutes;
