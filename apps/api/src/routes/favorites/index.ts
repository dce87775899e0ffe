import { BUYER_MESSAGES, FavoriteListResponse, FavoriteParams } from '@baan/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { mediaResponse, type RoutesPlugin } from '../../lib/route-schemas.ts';
import { addFavorite } from '../../services/favorites/add-favorite.ts';
import { listFavorites } from '../../services/favorites/list-favorites.ts';
import { removeFavorite } from '../../services/favorites/remove-favorite.ts';

/**
 * An empty 204, declared as text/plain so the answer check of plugins/infra/route-schemas.ts accepts it (Fastify
 * drops the content type of a 204 on the wire).
 */
const NO_CONTENT = mediaResponse('text/plain', 'No content: done (again, if it was already).', z.literal(''));
const noContent = (reply: FastifyReply) => reply.code(204).type('text/plain').send('');

/** A buyer's favourites (docs/api.md "Buyers"): list, keep and drop, each idempotent. */
const favoriteRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/user/favorites',
    { preHandler: app.authenticate, schema: { response: { 200: FavoriteListResponse } } },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await listFavorites(app.db, app.storage, user.id));
    },
  );

  app.put(
    '/user/favorites/:property_id',
    {
      preHandler: app.authenticate,
      schema: { params: FavoriteParams, response: { 204: NO_CONTENT } },
      config: { input: { notFound: BUYER_MESSAGES.favoriteNotFound } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      await addFavorite(app.db, user.id, request.params.property_id, app.clock.now());
      return noContent(reply);
    },
  );

  app.delete(
    '/user/favorites/:property_id',
    {
      preHandler: app.authenticate,
      schema: { params: FavoriteParams, response: { 204: NO_CONTENT } },
      config: { input: { notFound: BUYER_MESSAGES.favoriteNotFound } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      await removeFavorite(app.db, user.id, request.params.property_id);
      return noContent(reply);
    },
  );
};

export default favoriteRoutes;
