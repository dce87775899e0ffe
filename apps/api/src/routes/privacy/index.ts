import {
  AccountDeletedResponse,
  AccountDeletionRequest,
  AccountDeletionStartedResponse,
  ConfirmAccountDeletionRequest,
  ConsentsResponse,
  DataExportResponse,
  PRIVACY_MESSAGES as M,
} from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import type { UserRow } from '../../services/accounts/to-public-user.ts';
import { listConsents } from '../../services/consents/consents.ts';
import { subscribeNewsletter } from '../../services/newsletter/subscribe-newsletter.ts';
import { withdrawNewsletter } from '../../services/newsletter/withdraw-newsletter.ts';
import { confirmAccountDeletion } from '../../services/privacy/confirm-account-deletion.ts';
import { exportPersonalData } from '../../services/privacy/export-personal-data.ts';
import { requestAccountDeletion } from '../../services/privacy/request-account-deletion.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('route needs app.authenticate');
  return request.user;
}

const subjectOf = (user: UserRow) => ({ userId: user.id, email: user.email });

/**
 * The signed-in person's rights under the PDPA (ADR 023): their consents and the newsletter, a copy of their data,
 * and deleting the account (password, then the e-mailed link).
 */
const privacyRoutes: RoutesPlugin = async (app) => {
  const now = () => app.clock.now();

  app.get(
    '/user/consents',
    { preHandler: app.authenticate, schema: { response: { 200: ConsentsResponse } } },
    async (request) => ok(await listConsents(app.db, subjectOf(currentUser(request)))),
  );

  app.put(
    '/user/consents/newsletter',
    {
      // Each subscription after a withdrawal records a consent: the account's own limit bounds them (`newsletter`
      // per address, counted by this call only: the footer form counts per network, ADR 059).
      // Withdrawing is never limited (PDPA section 19: as easy as giving).
      preHandler: [
        app.authenticate,
        async (request) => app.rateLimit.byEmail('newsletter', currentUser(request).email),
      ],
      schema: { response: { 200: ConsentsResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      await subscribeNewsletter(app.db, subjectOf(user), { language: user.language, source: 'settings', now: now() });
      return ok(await listConsents(app.db, subjectOf(user)), M.newsletterOn);
    },
  );

  app.delete(
    '/user/consents/newsletter',
    { preHandler: app.authenticate, schema: { response: { 200: ConsentsResponse } } },
    async (request) => {
      const user = currentUser(request);
      await withdrawNewsletter(app.db, subjectOf(user), now());
      return ok(await listConsents(app.db, subjectOf(user)), M.newsletterOff);
    },
  );

  app.get(
    '/user/data-export',
    {
      preHandler: [
        app.authenticate,
        async (request) => app.rateLimit.byEmail('dataExport', currentUser(request).email),
      ],
      schema: { response: { 200: DataExportResponse } },
    },
    async (request, reply) => {
      const data = await exportPersonalData(app.db, app.storage, app.conversationKey, currentUser(request), now());
      reply.header('Cache-Control', 'private, no-store');
      return ok(data, M.exported);
    },
  );

  app.post(
    '/user/account/deletion',
    {
      // A stolen token must not become a way to guess the password: the same limit as logging in.
      preHandler: [
        app.authenticate,
        async (request) => app.rateLimit.byEmailNetwork('login', currentUser(request).email, request),
      ],
      schema: { body: AccountDeletionRequest, response: { 202: AccountDeletionStartedResponse } },
      config: { input: { message: (errors) => errors.password?.[0] ?? M.passwordRequired } },
    },
    async (request, reply) => {
      const started = await requestAccountDeletion(
        { db: app.db, mailer: app.mailer, passwords: app.passwords, publicUrl: app.config.publicUrl, now: now() },
        currentUser(request),
        request.body.password,
      );
      return reply.code(202).send(ok(started, M.deletionRequested));
    },
  );

  app.post(
    '/user/account/deletion/confirm',
    {
      preHandler: app.authenticate,
      schema: { body: ConfirmAccountDeletionRequest, response: { 200: AccountDeletedResponse } },
      config: { input: { message: (errors) => errors.token?.[0] ?? M.linkInvalid } },
    },
    async (request) => {
      const done = await confirmAccountDeletion(app.db, currentUser(request), request.body.token, now());
      // Their listings leave every public read.
      await invalidateListings(app, 'account deleted');
      request.log.info({ privacyRequest: done.id }, 'account deleted by its owner');
      return ok(done, M.deleted);
    },
  );
};

export default privacyRoutes;
