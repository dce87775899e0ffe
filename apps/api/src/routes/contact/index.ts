import {
  ContactRequest,
  InquiryRequest,
  CONTACT_MESSAGES as M,
  PropertyIdParams,
  UserInquiriesQuery,
} from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { parse } from '../../lib/validate.ts';
import { toWireContactMessage, toWireInquiry } from '../../services/contact/contact-wire.ts';
import { listUserInquiries } from '../../services/contact/list-user-inquiries.ts';
import { parseContactForm } from '../../services/contact/parse-contact-form.ts';
import { sendContactMessage } from '../../services/contact/send-contact-message.ts';
import { findInquiryListing, sendInquiry } from '../../services/contact/send-inquiry.ts';

/**
 * Visitors' messages (docs/api.md "Contact and admin"): the contact form, an inquiry to a
 * listing's owner, and the owner's inquiry inbox. The spam limits count well-formed messages
 * only (a form error writes nothing and must not lock a person out for an hour), and they are
 * counted before anything is stored, so a limited request stores and mails nothing.
 */
const contactRoutes: FastifyPluginAsync = async (app) => {
  app.post('/contact-us', async (request, reply) => {
    const input = parseContactForm(ContactRequest, request.body);
    await app.rateLimit.byIp('contact', request);
    await app.rateLimit.byEmail('contact', input.email);
    const row = await sendContactMessage(
      { db: app.db, mailer: app.mailer, supportEmail: app.config.supportEmail },
      input,
      requestLanguage(request),
      app.clock.now(),
    );
    request.log.info({ contactMessageId: row.id }, 'contact message stored');
    return reply.code(201).send({ success: true, message: M.contactSent, payload: toWireContactMessage(row) });
  });

  app.post('/property/:id/inquiry', async (request, reply) => {
    // Any id that is not a positive whole number names no listing, as on GET /api/property/{id}.
    const params = PropertyIdParams.safeParse(request.params);
    if (!params.success) throw notFound(M.listingNotFound);
    const input = parseContactForm(InquiryRequest, request.body);
    // Before the lookup: probing which listings exist is limited too.
    await app.rateLimit.byIp('inquiry', request);
    await app.rateLimit.byEmail('inquiry', input.email);
    const listing = await findInquiryListing(app.db, params.data.id);
    if (!listing) throw notFound(M.listingNotFound);
    const row = await sendInquiry(
      { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
      listing,
      input,
      requestLanguage(request),
      app.clock.now(),
    );
    request.log.info({ inquiryId: row.id, propertyId: listing.id }, 'inquiry stored');
    return reply.code(201).send({ success: true, message: M.inquirySent, payload: toWireInquiry(row) });
  });

  app.get('/user/inquiries', { preHandler: app.authenticate }, async (request) => {
    const user = request.user;
    if (!user) throw unauthorized();
    const query = parse(UserInquiriesQuery, request.query, 'Please correct the filters.');
    return { success: true, payload: await listUserInquiries(app.db, user.id, query) };
  });
};

export default contactRoutes;
