import {
  AcceptInvitationRequest,
  AGENCY_MESSAGES,
  AgencyInvitationParams,
  AgencyInvitationResponse,
  AgencyLeadsQuery,
  AgencyLeadsResponse,
  AgencyListingsResponse,
  AgencyMemberParams,
  AgencyProfileResponse,
  AgencyRefResponse,
  AgencySlugParams,
  AssignedResponse,
  AssignRequest,
  CreateAgencyRequest,
  type FieldErrors,
  InquiryIdParams,
  InvitationWithdrawnResponse,
  InviteMemberRequest,
  MemberRemovedResponse,
  MyAgencyResponse,
  PropertyIdParams,
  UpdateAgencyRequest,
} from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import type { UserRow } from '../../services/accounts/to-public-user.ts';
import {
  acceptInvitation,
  assignLead,
  assignListing,
  createAgency,
  inviteMember,
  removeMember,
  requireAgencyAdmin,
  updateAgency,
  withdrawInvitation,
} from '../../services/agencies/agencies.ts';
import { agencyLeads, agencyListings, getAgencyProfile, getMyAgency } from '../../services/agencies/agency-views.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

const M = AGENCY_MESSAGES;
const firstFieldMessage = (errors: FieldErrors) =>
  Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.';

function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('route needs app.authenticate');
  return request.user;
}

/**
 * Agencies (docs/api.md "Agents, agencies, verification"; ADR 037): the public page's data, creating one, inviting
 * and removing members, accepting an invitation, and the admin's views and moves. A change of membership or of a
 * listing's holder changes what listings carry on the wire (agent.agency_slug), so it empties the listing cache.
 */
const agencyRoutes: RoutesPlugin = async (app) => {
  const now = () => app.clock.now();

  app.get(
    '/agencies/:slug',
    {
      schema: { params: AgencySlugParams, response: { 200: AgencyProfileResponse } },
      config: { input: { notFound: M.notFound } },
    },
    async (request) => {
      const profile = await app.listingCache.read((db) => getAgencyProfile(db, app.storage, request.params.slug));
      if (!profile) throw notFound(M.notFound);
      return ok(profile);
    },
  );

  app.post(
    '/agencies',
    {
      preHandler: app.authenticate,
      schema: { body: CreateAgencyRequest, response: { 201: AgencyRefResponse } },
      config: { input: { message: firstFieldMessage } },
    },
    async (request, reply) => {
      const agency = await createAgency(app.db, currentUser(request).id, request.body, now());
      request.log.info({ agency: agency.slug }, 'agency created');
      await invalidateListings(app, 'agency created');
      return reply.code(201).send(ok(agency, M.created));
    },
  );

  app.patch(
    '/agencies/:slug',
    {
      preHandler: app.authenticate,
      schema: { params: AgencySlugParams, body: UpdateAgencyRequest, response: { 200: AgencyRefResponse } },
      config: { input: { notFound: M.notFound, message: firstFieldMessage } },
    },
    async (request) => {
      const agency = await updateAgency(app.db, currentUser(request).id, request.params.slug, request.body);
      await invalidateListings(app, 'agency renamed');
      return ok(agency, M.saved);
    },
  );

  app.get(
    '/user/agency',
    { preHandler: app.authenticate, schema: { response: { 200: MyAgencyResponse } } },
    async (request) => ok(await getMyAgency(app.db, currentUser(request).id, now())),
  );

  app.post(
    '/agencies/:slug/invitations',
    {
      preHandler: app.authenticate,
      schema: { params: AgencySlugParams, body: InviteMemberRequest, response: { 201: AgencyInvitationResponse } },
      config: { input: { notFound: M.notFound, message: firstFieldMessage } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Per network (many accounts from one place) and per inviting account: each call mails an address typed here.
      await app.rateLimit.byIp('agencyInvitation', request);
      await app.rateLimit.byEmail('agencyInvitation', user.email);
      const invitation = await inviteMember(
        app.db,
        {
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          beforeMail: (email) => app.rateLimit.byEmail('agencyInvitee', email, request),
        },
        user,
        request.params.slug,
        request.body,
        requestLanguage(request),
        now(),
      );
      request.log.info({ invitationId: invitation.id, agency: request.params.slug }, 'agency invitation queued');
      return reply.code(201).send(ok(invitation, M.invited));
    },
  );

  app.delete(
    '/agencies/:slug/invitations/:id',
    {
      preHandler: app.authenticate,
      schema: { params: AgencyInvitationParams, response: { 200: InvitationWithdrawnResponse } },
      config: { input: { notFound: M.invitationNotFound } },
    },
    async (request) => {
      const { slug, id } = request.params;
      return ok(await withdrawInvitation(app.db, currentUser(request).id, slug, id), M.withdrawn);
    },
  );

  app.post(
    '/agencies/invitations/accept',
    {
      preHandler: app.authenticate,
      schema: { body: AcceptInvitationRequest, response: { 200: AgencyRefResponse } },
      config: { input: { message: firstFieldMessage } },
    },
    async (request) => {
      const joined = await acceptInvitation(app.db, currentUser(request), request.body.token, now());
      await invalidateListings(app, 'agency member joined');
      return ok({ slug: joined.slug, name: joined.name }, M.joined);
    },
  );

  app.delete(
    '/agencies/:slug/members/:user_id',
    {
      preHandler: app.authenticate,
      schema: { params: AgencyMemberParams, response: { 200: MemberRemovedResponse } },
      config: { input: { notFound: M.memberNotFound } },
    },
    async (request) => {
      const removed = await removeMember(app.db, currentUser(request).id, request.params.slug, request.params.user_id);
      await invalidateListings(app, 'agency member removed');
      return ok(removed, M.removed);
    },
  );

  app.get(
    '/agencies/:slug/listings',
    {
      preHandler: app.authenticate,
      schema: { params: AgencySlugParams, response: { 200: AgencyListingsResponse } },
      config: { input: { notFound: M.notFound } },
    },
    async (request) => {
      const agency = await requireAgencyAdmin(app.db, currentUser(request).id, request.params.slug);
      return ok(await agencyListings(app.db, app.storage, agency.id));
    },
  );

  app.get(
    '/agencies/:slug/leads',
    {
      preHandler: app.authenticate,
      schema: { params: AgencySlugParams, querystring: AgencyLeadsQuery, response: { 200: AgencyLeadsResponse } },
      config: { input: { notFound: M.notFound, message: 'Please correct the filters.' } },
    },
    async (request) => {
      const agency = await requireAgencyAdmin(app.db, currentUser(request).id, request.params.slug);
      return ok(await agencyLeads(app.db, agency.id, request.query));
    },
  );

  app.post(
    '/property/:id/assign',
    {
      preHandler: app.authenticate,
      schema: { params: PropertyIdParams, body: AssignRequest, response: { 200: AssignedResponse } },
      config: { input: { notFound: M.listingNotFound, message: firstFieldMessage } },
    },
    async (request) => {
      const moved = await assignListing(app.db, currentUser(request).id, request.params.id, request.body.user_id);
      await invalidateListings(app, 'listing assigned within an agency');
      return ok(moved, M.assigned);
    },
  );

  app.post(
    '/user/inquiries/:id/assign',
    {
      preHandler: app.authenticate,
      schema: { params: InquiryIdParams, body: AssignRequest, response: { 200: AssignedResponse } },
      config: { input: { notFound: M.leadNotFound, message: firstFieldMessage } },
    },
    async (request) =>
      ok(await assignLead(app.db, currentUser(request).id, request.params.id, request.body.user_id), M.assigned),
  );
};

export default agencyRoutes;
