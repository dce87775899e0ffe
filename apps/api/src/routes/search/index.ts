import { SuggestionListResponse, SuggestQuery } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { cachedSuggestions } from '../../services/reads/listing-reads.ts';

/** The 400's message for a suggest query that fails its schema (the field errors say which). */
const SUGGEST_MESSAGE = 'Please correct the search text.';

/** GET /api/search/suggest (docs/api.md "Search that understands what people type"): suggestions as one types. */
const searchRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/search/suggest',
    {
      schema: { querystring: SuggestQuery, response: { 200: SuggestionListResponse } },
      config: { input: { message: SUGGEST_MESSAGE } },
    },
    async (request) => ok(await cachedSuggestions(app, request.query)),
  );
};

export default searchRoutes;
