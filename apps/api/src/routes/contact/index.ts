import {
  ContactMessageResponse,
  ContactRequest,
  type FieldErrors,
  InquiryIdParams,
  InquiryPageResponse,
  InquiryRequest,
  InquiryResponse,
  CONTACT_MESSAGES as M,
  OWNER_MESSAGES,
  PropertyIdParams,
  UpdateInquiryRequest,
  UserInquiriesQuery,
} from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { toWireContactMessage, toWireInquiry } from '../../services/contact/contact-wire.ts';
import { INQUIRY_DIGEST_JOB, inquiryMailPlan, sendInquiryDigest } from '../../services/contact/inquiry-digest.ts';
import { listUserInquiries } from '../../services/contact/list-user-inquiries.ts';
import { sendContactMessage } from '../../services/contact/send-contact-message.ts';
import { findInquiryListing, sendInquiry } from '../../services/contact/send-inquiry.ts';
import { INQUIRY_NOT_FOUND, updateInquiry } from '../../services/contact/update-inquiry.ts';

/**
 * Visitors' messages (docs/api.md "Contact and admin"): the contact form, an inquiry to a
 * listing's owner, and the owner's inquiry inbox. The spam limits count well-formed messages
 * only (a form error writes nothing and must not lock a person out for an hour), and they are
 * counted before anything is stored, so a limited request stores and mails nothing. The owner
 * tracks each lead's status and a private note (PATCH /api/user/inquiries/{id}, ADR 017).
 */
/** A form's error message is its first field's own (the forms show it as the toast); `errors` lists every field. */
const firstFieldMessage = (errors: FieldErrors) =>
  Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.';

const contactRoutes: RoutesPlugin = async (app) => {
  // Inquiries held over the hourly cap reach their owner in one digest mail (ADR 019).
  app.jobs.register(INQUIRY_DIGEST_JOB, async (payload, { log }) => {
    const sent = await sendInquiryDigest(
      { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
      Number((payload as { ownerId: unknown }).ownerId),
    );
    if (sent > 0) log.info({ inquiries: sent }, 'inquiry digest queued');
  });

  app.post(
    '/contact-us',
    {
      schema: { body: ContactRequest, response: { 201: ContactMessageResponse } },
      config: { input: { message: firstFieldMessage } },
    },
    async (request, reply) => {
      const input = request.body;
      await app.rateLimit.byIp('contact', request);
      // The typed address counts per network only: another network's attempts never refuse its owner (ADR 059).
      await app.rateLimit.byEmailNetwork('contact', input.email, request);
      // A burst from one network must solve a proof-of-work challenge first (ADR 019).
      await app.rateLimit.challengeBurst(request);
      const row = await sendContactMessage(
        { db: app.db, mailer: app.mailer, supportEmail: app.config.supportEmail },
        input,
        requestLanguage(request),
        app.clock.now(),
      );
      request.log.info({ contactMessageId: row.id }, 'contact message stored');
      return reply.code(201).send(ok(toWireContactMessage(row), M.contactSent));
    },
  );

  app.post(
    '/property/:id/inquiry',
    {
      schema: { params: PropertyIdParams, body: InquiryRequest, response: { 201: InquiryResponse } },
      // Any id that is not a positive whole number names no listing, as on GET /api/property/{id}.
      config: { input: { notFound: M.listingNotFound, message: firstFieldMessage } },
    },
    async (request, reply) => {
      const input = request.body;
      // A signed-in visitor's thread is in their inbox; a session that does not check out is refused (401).
      if (request.headers.authorization) await app.authenticate(request);
      // Before the lookup: probing which listings exist is limited too.
      await app.rateLimit.byIp('inquiry', request);
      await app.rateLimit.byEmailNetwork('inquiry', input.email, request);
      await app.rateLimit.challengeBurst(request);
      const listing = await findInquiryListing(app.db, request.params.id);
      if (!listing) throw notFound(M.listingNotFound);
      const mail = await inquiryMailPlan(app.rateLimit.counters(request), listing, request.user ? null : input.email);
      const row = await sendInquiry(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, conversationKey: app.conversationKey },
        listing,
        input,
        requestLanguage(request),
        app.clock.now(),
        mail,
        request.user?.id ?? null,
      );
      request.log.info({ inquiryId: row.id, propertyId: listing.id, mail }, 'inquiry stored');
      return reply.code(201).send(ok(toWireInquiry(row), M.inquirySent));
    },
  );

  app.get(
    '/user/inquiries',
    {
      preHandler: app.authenticate,
      schema: { querystring: UserInquiriesQuery, response: { 200: InquiryPageResponse } },
      config: { input: { message: 'Please correct the filters.' } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await listUserInquiries(app.db, user.id, request.query));
    },
  );

  app.patch(
    '/user/inquiries/:id',
    {
      preHandler: app.authenticate,
      schema: { params: InquiryIdParams, body: UpdateInquiryRequest, response: { 200: InquiryResponse } },
      config: { input: { notFound: INQUIRY_NOT_FOUND, message: firstFieldMessage } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const row = await updateInquiry(app.db, user.id, request.params.id, request.body, app.clock.now());
      request.log.info({ inquiryId: row.id, status: row.status }, 'inquiry updated');
      return ok(toWireInquiry(row), OWNER_MESSAGES.inquiryUpdated);
    },
  );
};

export default contactRoutes;
