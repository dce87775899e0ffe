import {
  BUYER_MESSAGES,
  CreateSavedSearchRequest,
  type FieldErrors,
  SavedSearchIdParams,
  SavedSearchListResponse,
  SavedSearchResponse,
  SavedSearchUnsubscribedResponse,
  SavedSearchUnsubscribeQuery,
} from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { mediaResponse, type RoutesPlugin } from '../../lib/route-schemas.ts';
import { unsubscribeSavedSearch } from '../../services/alerts/unsubscribe-token.ts';
import { createSavedSearch } from '../../services/saved-searches/create-saved-search.ts';
import { deleteSavedSearch } from '../../services/saved-searches/delete-saved-search.ts';
import { listSavedSearches } from '../../services/saved-searches/list-saved-searches.ts';

const NO_CONTENT = mediaResponse('text/plain', 'No content: the saved search was deleted.', z.literal(''));

const firstFieldMessage = (errors: FieldErrors) =>
  Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.';

/**
 * Saved searches with e-mail alerts (docs/api.md "Buyers"): the owner's list, save and delete, and the alert
 * mail's one-click unsubscribe.
 */
const savedSearchRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/user/saved-searches',
    { preHandler: app.authenticate, schema: { response: { 200: SavedSearchListResponse } } },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await listSavedSearches(app.db, user.id));
    },
  );

  app.post(
    '/user/saved-searches',
    {
      preHandler: app.authenticate,
      schema: { body: CreateSavedSearchRequest, response: { 201: SavedSearchResponse } },
      config: { input: { message: firstFieldMessage } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const saved = await createSavedSearch(app.db, user.id, request.body, app.clock.now());
      return reply.code(201).send(ok(saved));
    },
  );

  app.delete(
    '/user/saved-searches/:id',
    {
      preHandler: app.authenticate,
      schema: { params: SavedSearchIdParams, response: { 204: NO_CONTENT } },
      config: { input: { notFound: BUYER_MESSAGES.savedSearchNotFound } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      await deleteSavedSearch(app.db, user.id, request.params.id);
      return reply.code(204).type('text/plain').send('');
    },
  );

  await app.register(unsubscribeRoutes);
};

/**
 * GET (the link the web page /alerts/unsubscribe calls) and POST (List-Unsubscribe-Post, RFC 8058)
 * /api/saved-searches/unsubscribe?token=: ends the alert without logging in. Everything is in the signed query;
 * a mail provider posts `List-Unsubscribe=One-Click` as a form, so in this scope any body is accepted and ignored.
 * The token never reaches a log line (lib/log-errors.ts redacts `token` in request URLs).
 */
const unsubscribeRoutes: RoutesPlugin = async (app) => {
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  const options = {
    schema: { querystring: SavedSearchUnsubscribeQuery, response: { 200: SavedSearchUnsubscribedResponse } },
    config: { input: { message: BUYER_MESSAGES.badUnsubscribeToken } },
  };
  const handler = async (request: FastifyRequest<{ Querystring: z.output<typeof SavedSearchUnsubscribeQuery> }>) => {
    const done = await unsubscribeSavedSearch(app.db, app.alertUnsubscribeKey, request.query.token);
    request.log.info({ result: done.result }, 'saved search alert unsubscribed');
    return ok(done);
  };
  app.get('/saved-searches/unsubscribe', options, handler);
  app.post('/saved-searches/unsubscribe', options, handler);
};

export default savedSearchRoutes;
