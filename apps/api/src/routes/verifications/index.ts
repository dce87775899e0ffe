import {
  ListingVerificationResponse,
  ListingVerificationStatusResponse,
  MAX_VERIFICATION_DOCUMENT_BYTES,
  RecordIdParams,
  VERIFICATION_MESSAGES,
  VerificationRequestFields,
  VerificationRequestForm,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import { receiveMultipart } from '../../services/uploads/receive-multipart.ts';
import { sniffDocument } from '../../services/verifications/sniff-document.ts';
import {
  assertListingOwner,
  getListingVerification,
  submitListingVerification,
} from '../../services/verifications/verifications.ts';

function currentUser(request: FastifyRequest) {
  if (!request.user) throw new Error('route used without app.authenticate');
  return request.user;
}

const LISTING_ID = { input: { notFound: VERIFICATION_MESSAGES.listingNotFound } };

/** The owner's side of a listing's title deed check (docs/api.md "Agents, agencies, verification"; ADR 032). */
const verificationRoutes: RoutesPlugin = async (app) => {
  // Scoped to these routes: the document upload is multipart.
  await app.register(multipart);

  app.post(
    '/property/:id/verification',
    {
      preHandler: app.authenticate,
      schema: {
        params: RecordIdParams,
        body: readInHandler({ form: VerificationRequestForm }),
        response: { 201: ListingVerificationResponse },
      },
      config: LISTING_ID,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const propertyId = request.params.id;
      // Not the owner, or no such listing: answered before any byte of the document is read.
      await assertListingOwner(app.db, propertyId, user.id);
      const received = await receiveMultipart(request, {
        tmpDir: app.uploadTmpDir,
        budget: app.uploadBudget,
        account: user.id,
        maxFileBytes: MAX_VERIFICATION_DOCUMENT_BYTES,
        maxFiles: 1,
        maxFields: 10,
        allowed: ['jpeg', 'png', 'webp', 'pdf'],
        sniff: sniffDocument,
        allowedLabel: 'JPEG, PNG, WebP or PDF',
        fileFields: ['document'],
        messages: {
          wrongType: () => VERIFICATION_MESSAGES.documentType,
          tooLarge: () => VERIFICATION_MESSAGES.documentTooLarge,
        },
        beforeFile: async (fields) => {
          if ('title_deed_number' in fields) parse(VerificationRequestFields, fields);
        },
      });
      try {
        const input = parse(VerificationRequestFields, received.fields);
        const document = received.files[0];
        if (!document) {
          throw badRequest(VERIFICATION_MESSAGES.documentMissing, {
            document: [VERIFICATION_MESSAGES.documentMissing],
          });
        }
        const result = await submitListingVerification(
          app.db,
          app.storage,
          { propertyId, userId: user.id, titleDeedNumber: input.title_deed_number, document },
          app.clock.now(),
        );
        // The listing lost its badge: cached cards and pages must not keep showing it.
        await invalidateListings(app, 'listing verification requested');
        request.log.info({ propertyId, verificationId: result.id }, 'listing verification requested');
        return reply.code(201).send(ok(result, VERIFICATION_MESSAGES.submitted));
      } finally {
        await received.cleanup();
      }
    },
  );

  app.get(
    '/property/:id/verification',
    {
      preHandler: app.authenticate,
      schema: { params: RecordIdParams, response: { 200: ListingVerificationStatusResponse } },
      config: LISTING_ID,
    },
    async (request) => ok(await getListingVerification(app.db, request.params.id, currentUser(request).id)),
  );
};

export default verificationRoutes;
