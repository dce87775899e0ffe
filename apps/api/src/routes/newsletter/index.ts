import {
  NEWSLETTER_MESSAGES as M,
  NewsletterConfirmRequest,
  NewsletterConfirmResponse,
  NewsletterRequest,
  NewsletterResponse,
} from '@baan/contract';
import { requestNetwork } from '../../lib/client-network.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { confirmNewsletter, requestNewsletterConfirmation } from '../../services/newsletter/newsletter-confirmation.ts';
import { withinNewsletterMailLimits } from '../../services/newsletter/newsletter-mail-limits.ts';

const newsletter: RoutesPlugin = async (app) => {
  app.post(
    '/newsletter',
    { schema: { body: NewsletterRequest, response: { 201: NewsletterResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      // Limits before the write: a limited request subscribes nothing.
      await app.rateLimit.byIp('newsletter', request);
      await app.rateLimit.byEmail('newsletter', email);
      // Double opt-in (ADR 055): nothing is consented until the mailed link is confirmed. Past the daily mail limits
      // no mail goes, and the answer is the same.
      if (await withinNewsletterMailLimits(app.rateLimit.counters(request), email, requestNetwork(request))) {
        const outcome = await requestNewsletterConfirmation(
          { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, now: app.clock.now() },
          { email, language: requestLanguage(request) },
        );
        request.log.info({ outcome }, 'newsletter subscription asked for');
      }
      // The same answer whether the address was new, waiting, on the list or past a limit, so the form tells no one
      // who subscribed (issue 21, L7; ADR 019); `already_subscribed` stays on the wire, always false.
      return reply.code(201).send({
        success: true,
        message: M.checkInbox,
        payload: { email: email.toLowerCase(), already_subscribed: false },
      });
    },
  );

  // The confirmation mail's page posts its link's token here. Never rate limited: the owner's link always works.
  app.post(
    '/newsletter/confirm',
    { schema: { body: NewsletterConfirmRequest, response: { 200: NewsletterConfirmResponse } } },
    async (request) => {
      const confirmed = await confirmNewsletter(app.db, request.body.token, app.clock.now());
      return ok(confirmed, M.confirmed);
    },
  );
};

export default newsletter;
