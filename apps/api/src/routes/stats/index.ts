import {
  ContactClickRequest,
  EmptyResponse,
  type FieldErrors,
  ListingStatsResponse,
  OwnerStatsResponse,
  PropertyIdParams,
  ReportUnsubscribeQuery,
  StatsQuery,
  ViewBeaconRequest,
} from '@baan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientNetwork } from '../../lib/client-network.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { mediaResponse, type RoutesPlugin } from '../../lib/route-schemas.ts';
import { cachedProperty } from '../../services/reads/listing-reads.ts';
import { UNSUBSCRIBE_MESSAGES, unsubscribeWeeklyReport } from '../../services/reports/unsubscribe.ts';
import { bangkokDay } from '../../services/stats/bangkok-day.ts';
import { listingStats, ownerStats, STATS_MESSAGES } from '../../services/stats/read-stats.ts';
import { recordContactClick, recordView } from '../../services/stats/record.ts';
import { CLICK_TOKEN_TTL_MS, readViewToken, VIEW_TOKEN_TTL_MS } from '../../services/stats/view-token.ts';
import { isCrawler, tokenUseKey, visitorHash } from '../../services/stats/visitor.ts';

/**
 * An empty 204. Declared (and set before sending) as text/plain so the answer check of
 * plugins/infra/route-schemas.ts, which knows JSON and media types only, accepts it; Fastify removes the
 * content type of a 204 on the wire.
 */
const NO_CONTENT = mediaResponse('text/plain', 'No content: the beacon was counted or ignored.', z.literal(''));
const noContent = (reply: FastifyReply) => reply.code(204).type('text/plain').send('');

const firstFieldMessage = (errors: FieldErrors) =>
  Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.';

/**
 * Listing statistics (docs/api.md "Owners", ADR 017): the page's view and contact-click beacons, the owner's
 * statistics, and the weekly report's one-click unsubscribe.
 */
const statsRoutes: RoutesPlugin = async (app) => {
  /**
   * Who a beacon counts as, or null when it does not count: a crawler, or the listing's owner (or an admin)
   * sending their own token. A token that does not check out is just an anonymous visitor. The visitor is one of a
   * few per network whatever the user agent (visitor.ts, ADR 020).
   */
  async function countedVisitor(request: FastifyRequest, ownerId: number | undefined, network: string, now: Date) {
    const userAgent = request.headers['user-agent'];
    if (isCrawler(userAgent)) return null;
    if (request.headers.authorization) {
      try {
        await app.authenticate(request);
      } catch {
        request.user = null;
      }
      const user = request.user;
      if (user && (user.id === ownerId || user.role === 'admin')) return null;
    }
    return visitorHash(app.statsKeys.visitor, bangkokDay(now), network, userAgent ?? '');
  }

  app.post(
    '/property/:id/view',
    {
      schema: { params: PropertyIdParams, body: ViewBeaconRequest, response: { 204: NO_CONTENT } },
      config: { input: { notFound: STATS_MESSAGES.publicNotFound, message: firstFieldMessage } },
    },
    async (request, reply) => {
      await app.rateLimit.byIp('beacon', request);
      // The page just read this listing through the same cache: usually no query.
      const listing = await cachedProperty(app, request.params.id);
      if (!listing) throw notFound(STATS_MESSAGES.publicNotFound);
      const now = app.clock.now();
      // Only a beacon from a page this server rendered counts, each page's token once per network (ADR 020).
      const token = readViewToken(app.statsKeys.viewToken, request.body.token, listing.id, now, VIEW_TOKEN_TTL_MS);
      if (!token) return noContent(reply);
      const network = clientNetwork(request.ip);
      const visitor = await countedVisitor(request, listing.owner?.id, network, now);
      if (visitor) {
        const use = { day: bangkokDay(token.issuedAt), key: tokenUseKey(app.statsKeys.visitor, token.nonce, network) };
        await recordView(app.db, listing.id, visitor, now, use);
      }
      return noContent(reply);
    },
  );

  app.post(
    '/property/:id/contact-click',
    {
      schema: { params: PropertyIdParams, body: ContactClickRequest, response: { 204: NO_CONTENT } },
      config: { input: { notFound: STATS_MESSAGES.publicNotFound, message: firstFieldMessage } },
    },
    async (request, reply) => {
      await app.rateLimit.byIp('beacon', request);
      const listing = await cachedProperty(app, request.params.id);
      if (!listing) throw notFound(STATS_MESSAGES.publicNotFound);
      const now = app.clock.now();
      // A click is counted once per visitor, channel and day already: its token need only be a real page's.
      const token = readViewToken(app.statsKeys.viewToken, request.body.token, listing.id, now, CLICK_TOKEN_TTL_MS);
      if (!token) return noContent(reply);
      const visitor = await countedVisitor(request, listing.owner?.id, clientNetwork(request.ip), now);
      if (visitor) await recordContactClick(app.db, listing.id, request.body.channel, visitor, now);
      return noContent(reply);
    },
  );

  app.get(
    '/user/properties/:id/stats',
    {
      preHandler: app.authenticate,
      schema: { params: PropertyIdParams, querystring: StatsQuery, response: { 200: ListingStatsResponse } },
      config: { input: { notFound: STATS_MESSAGES.listingNotFound, message: firstFieldMessage } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await listingStats(app.db, user, request.params.id, request.query.days, app.clock.now()));
    },
  );

  app.get(
    '/user/stats',
    {
      preHandler: app.authenticate,
      schema: { querystring: StatsQuery, response: { 200: OwnerStatsResponse } },
      config: { input: { message: firstFieldMessage } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await ownerStats(app.db, user.id, request.query.days, app.clock.now()));
    },
  );

  await app.register(unsubscribeRoutes);
};

/**
 * POST /api/reports/unsubscribe?u=&t=: the weekly report's one-click unsubscribe (RFC 8058), also what the
 * web page's button sends. Everything is in the signed query; a mail provider posts
 * `List-Unsubscribe=One-Click` as a form (url-encoded or multipart), so in this scope any body is accepted
 * and ignored.
 */
const unsubscribeRoutes: RoutesPlugin = async (app) => {
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  app.post(
    '/reports/unsubscribe',
    {
      schema: { querystring: ReportUnsubscribeQuery, response: { 200: EmptyResponse } },
      config: { input: { message: UNSUBSCRIBE_MESSAGES.invalid } },
    },
    async (request) => {
      const { u, t } = request.query;
      await unsubscribeWeeklyReport(app.db, app.statsKeys.unsubscribe, u, t);
      request.log.info({ userId: u }, 'weekly report turned off');
      return ok(null, UNSUBSCRIBE_MESSAGES.done);
    },
  );
};

export default statsRoutes;
