import {
  AGENT_MESSAGES,
  AgentListingsQuery,
  AgentProfileResponse,
  AgentSlugParams,
  PropertyPageResponse,
  PublicProfileResponse,
  UpdatePublicProfileRequest,
} from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import type { UserRow } from '../../services/accounts/to-public-user.ts';
import {
  agentListings,
  getAgentProfile,
  toPublicProfile,
  updatePublicProfile,
} from '../../services/agents/agent-profiles.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

const SEARCH_MESSAGE = 'Please correct the search filters.';

function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('route needs app.authenticate');
  return request.user;
}

/**
 * Public agent profiles (docs/api.md "Agents, agencies, verification"; ADR 029): the public page's data and listings,
 * and the owner's own profile. Read uncached: the figures move with the lead inbox, which the listing cache does not
 * follow.
 */
const agentRoutes: RoutesPlugin = async (app) => {
  const now = () => app.clock.now();

  app.get(
    '/agents/:slug',
    {
      schema: { params: AgentSlugParams, response: { 200: AgentProfileResponse } },
      config: { input: { notFound: AGENT_MESSAGES.notFound } },
    },
    async (request) => {
      const profile = await app.listingCache.read((db) => getAgentProfile(db, app.storage, request.params.slug, now()));
      if (!profile) throw notFound(AGENT_MESSAGES.notFound);
      return ok(profile);
    },
  );

  app.get(
    '/agents/:slug/listings',
    {
      schema: { params: AgentSlugParams, querystring: AgentListingsQuery, response: { 200: PropertyPageResponse } },
      config: { input: { notFound: AGENT_MESSAGES.notFound, message: SEARCH_MESSAGE } },
    },
    async (request) => {
      const page = await app.listingCache.read((db) =>
        agentListings(db, app.storage, request.params.slug, request.query),
      );
      if (!page) throw notFound(AGENT_MESSAGES.notFound);
      return ok(page);
    },
  );

  app.get(
    '/user/profile/public',
    { preHandler: app.authenticate, schema: { response: { 200: PublicProfileResponse } } },
    async (request) => ok(toPublicProfile(currentUser(request))),
  );

  app.patch(
    '/user/profile/public',
    {
      preHandler: app.authenticate,
      schema: { body: UpdatePublicProfileRequest, response: { 200: PublicProfileResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      const updated = await updatePublicProfile(app.db, user, request.body, now());
      // Listings carry the lister's profile (slug, name, photo) on the wire.
      const onWire = (row: UserRow) => [row.profilePublic, row.profileSlug].join('\n');
      if (onWire(updated) !== onWire(user)) await invalidateListings(app, 'public profile changed');
      return ok(toPublicProfile(updated), AGENT_MESSAGES.saved);
    },
  );
};

export default agentRoutes;
