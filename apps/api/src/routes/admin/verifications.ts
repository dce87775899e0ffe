import {
  AdminVerificationPageResponse,
  AdminVerificationResponse,
  AdminVerificationsQuery,
  RecordIdParams,
  RejectVerificationRequest,
  VERIFICATION_MESSAGES,
} from '@baan/contract';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import {
  decideVerification,
  getVerificationDocumentKey,
  listVerifications,
} from '../../services/verifications/verifications.ts';
import { actor, BAD_FILTERS } from './params.ts';

const VERIFICATION_ID = { input: { notFound: VERIFICATION_MESSAGES.notFound } };

/** The verification queue (ADR 032): title deed and licence checks, their private documents, approve / reject. */
const adminVerifications: RoutesPlugin = async (app) => {
  const notice = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.get(
    '/admin/verifications',
    {
      schema: { querystring: AdminVerificationsQuery, response: { 200: AdminVerificationPageResponse } },
      config: BAD_FILTERS,
    },
    async (request) => ok(await listVerifications(app.db, request.query.status)),
  );

  // The only way to a document: admins only (the plugin's hook), never cached, never under /uploads.
  app.get(
    '/admin/verifications/:id/document',
    {
      schema: {
        params: RecordIdParams,
        response: {
          200: {
            description: 'The document as stored: an image re-encoded as WebP, or the PDF.',
            content: { 'image/webp': { schema: z.file() }, 'application/pdf': { schema: z.file() } } as Record<
              string,
              { schema: z.ZodType }
            >,
          },
        },
      },
      config: VERIFICATION_ID,
    },
    async (request, reply) => {
      const file = await app.storage.get(await getVerificationDocumentKey(app.db, request.params.id));
      if (!file) throw notFound(VERIFICATION_MESSAGES.noDocument);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline')
        .header('Content-Length', file.size)
        .type(file.contentType)
        .send(file.body);
    },
  );

  app.post(
    '/admin/verifications/:id/approve',
    { schema: { params: RecordIdParams, response: { 200: AdminVerificationResponse } }, config: VERIFICATION_ID },
    async (request) => {
      const result = await decideVerification(
        app.db,
        request.params.id,
        { approve: true },
        actor(request),
        app.clock.now(),
        notice(),
      );
      if (result.kind === 'listing') await invalidateListings(app, 'listing verified');
      request.log.info({ verificationId: result.id }, 'verification approved');
      return ok(result, VERIFICATION_MESSAGES.approved);
    },
  );

  app.post(
    '/admin/verifications/:id/reject',
    {
      schema: { params: RecordIdParams, body: RejectVerificationRequest, response: { 200: AdminVerificationResponse } },
      config: {
        input: {
          notFound: VERIFICATION_MESSAGES.notFound,
          message: (errors) => errors.reason?.[0] ?? 'Please correct the highlighted fields.',
        },
      },
    },
    async (request) => {
      const result = await decideVerification(
        app.db,
        request.params.id,
        { approve: false, reason: request.body.reason },
        actor(request),
        app.clock.now(),
        notice(),
      );
      request.log.info({ verificationId: result.id }, 'verification rejected');
      return ok(result, VERIFICATION_MESSAGES.rejected);
    },
  );
};

export default adminVerifications;
