import {
  FreeViewingSlotsResponse,
  VIEWING_MESSAGES as M,
  PropertyIdParams,
  RecordIdParams,
  ViewingListResponse,
  ViewingProposal,
  ViewingRequest,
  ViewingResponse,
  ViewingSlotsRequest,
  ViewingSlotsResponse,
} from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { requestNetwork } from '../../lib/client-network.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { networkId } from '../../services/accounts/known-networks.ts';
import { readSlots, saveSlots, toWireSlots } from '../../services/viewings/slots.ts';
import {
  type Decision,
  decideViewing,
  listingFreeSlots,
  listViewings,
  requestViewing,
  sendViewingReminder,
  toWireViewing,
  VIEWING_REMINDER_JOB,
  visitorLanguage,
} from '../../services/viewings/viewings.ts';

function currentUser(request: FastifyRequest) {
  if (!request.user) throw new Error('route used without app.authenticate');
  return request.user;
}

const DECISIONS = ['confirm', 'decline', 'propose'] as const;
const DECISION_MESSAGES = { confirm: M.confirmed, decline: M.declined, propose: M.proposed } as const;

/** Viewings (docs/api.md "Renters and conversations"; ADR 035): weekly hours, requests, the owner's decisions. */
const viewingRoutes: RoutesPlugin = async (app) => {
  const deps = () => ({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.jobs.register(VIEWING_REMINDER_JOB, async (payload, { log }) => {
    const sent = await sendViewingReminder(
      deps(),
      payload as { viewingId: unknown; startsAt: unknown },
      app.clock.now(),
    );
    log.info({ viewingId: payload.viewingId, sent }, 'viewing reminder');
  });

  app.get(
    '/user/viewing-slots',
    { preHandler: app.authenticate, schema: { response: { 200: ViewingSlotsResponse } } },
    async (request) => ok(toWireSlots(await readSlots(app.db, currentUser(request).id))),
  );

  app.put(
    '/user/viewing-slots',
    {
      preHandler: app.authenticate,
      schema: { body: ViewingSlotsRequest, response: { 200: ViewingSlotsResponse } },
      config: { input: { message: M.slotsInvalid } },
    },
    async (request) => {
      const user = currentUser(request);
      const saved = await saveSlots(app.db, user.id, request.body.slots);
      request.log.info({ slots: saved.slots.length }, 'viewing hours saved');
      return ok(saved, M.slotsSaved);
    },
  );

  app.get(
    '/property/:id/viewing-slots',
    {
      schema: { params: PropertyIdParams, response: { 200: FreeViewingSlotsResponse } },
      config: { input: { notFound: M.listingNotFound } },
    },
    async (request) => ok(await listingFreeSlots(app.db, request.params.id, app.clock.now())),
  );

  app.post(
    '/property/:id/viewings',
    {
      // A guest may book; a Bearer token (when sent) must be valid and links the request to the account.
      preHandler: async (request) => {
        if (request.headers.authorization !== undefined) await app.authenticate(request);
      },
      schema: { params: PropertyIdParams, body: ViewingRequest, response: { 201: ViewingResponse } },
      config: { input: { notFound: M.listingNotFound, message: M.startsAtInvalid } },
    },
    async (request, reply) => {
      await app.rateLimit.byIp('viewing', request);
      // The typed address counts per network only: another network's attempts never refuse its owner (ADR 059).
      await app.rateLimit.byEmailNetwork('viewing', request.body.email, request);
      const user = request.user;
      const row = await requestViewing(
        deps(),
        request.params.id,
        request.body,
        {
          userId: user?.id ?? null,
          language: visitorLanguage(user?.language, requestLanguage(request)),
          network: networkId(app.networkKey, requestNetwork(request)),
        },
        app.clock.now(),
      );
      request.log.info({ viewingId: row.id, propertyId: row.propertyId }, 'viewing requested');
      return reply.code(201).send(ok(toWireViewing(row, user?.id ?? 0), M.requested));
    },
  );

  app.get(
    '/user/viewings',
    { preHandler: app.authenticate, schema: { response: { 200: ViewingListResponse } } },
    async (request) => ok(await listViewings(app.db, currentUser(request).id)),
  );

  for (const action of DECISIONS) {
    app.post(
      `/user/viewings/:id/${action}`,
      {
        preHandler: app.authenticate,
        schema: {
          params: RecordIdParams,
          ...(action === 'propose' ? { body: ViewingProposal } : {}),
          response: { 200: ViewingResponse },
        },
        config: { input: { notFound: M.notFound, message: M.startsAtInvalid } },
      },
      async (request) => {
        const user = currentUser(request);
        const decision: Decision =
          action === 'propose'
            ? { action, startsAt: new Date((request.body as ViewingProposal).starts_at) }
            : { action };
        const row = await decideViewing(deps(), user.id, request.params.id, decision, app.clock.now());
        request.log.info({ viewingId: row.id, status: row.status }, 'viewing decided');
        return ok(toWireViewing(row, user.id), DECISION_MESSAGES[action]);
      },
    );
  }
};

export default viewingRoutes;
