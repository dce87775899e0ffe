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
      const isNew = await subscribeNewsletter(app.db, email, requestLanguage(request));
      return reply.code(201).send({
        success: true,
        message: isNew ? 'Thanks! You are subscribed.' : 'You are already subscribed.',
        payload: { email: email.toLowerCase(), already_subscribed: !isNew },
      });
    },
  );
};

export default newsletter;
