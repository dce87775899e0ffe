import { NewsletterRequest, NewsletterResponse } from '@baan/contract';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { subscribeNewsletter } from '../../services/newsletter/subscribe-newsletter.ts';

const newsletter: RoutesPlugin = async (app) => {
  app.post(
    '/newsletter',
    { schema: { body: NewsletterRequest, response: { 201: NewsletterResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      // Limits before the write: a limited request subscribes nothing.
      await app.rateLimit.byIp('newsletter', request);
      await app.rateLimit.byEmail('newsletter', email);
      // Subscribing is the consent to the newsletter (the footer asks for it): recorded with the notice's version.
      await subscribeNewsletter(
        app.db,
        { userId: null, email },
        { language: requestLanguage(request), source: 'footer', now: app.clock.now() },
      );
      // The same answer whether or not the address was on the list, so the form tells no one who
      // subscribed (issue 21, L7); `already_subscribed` stays on the wire, always false.
      return reply.code(201).send({
        success: true,
        message: 'Thanks! You are subscribed.',
        payload: { email: email.toLowerCase(), already_subscribed: false },
      });
    },
  );
};

export default newsletter;
