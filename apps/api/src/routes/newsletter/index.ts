import { NewsletterRequest } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { parse } from '../../lib/validate.ts';
import { subscribeNewsletter } from '../../services/newsletter/subscribe-newsletter.ts';

const newsletter: FastifyPluginAsync = async (app) => {
  app.post('/newsletter', async (request, reply) => {
    const { email } = parse(NewsletterRequest, request.body);
    // Limits before the write: a limited request subscribes nothing.
    await app.rateLimit.byIp('newsletter', request);
    await app.rateLimit.byEmail('newsletter', email);
    const isNew = await subscribeNewsletter(app.db, email, requestLanguage(request));
    return reply.code(201).send({
      success: true,
      message: isNew ? 'Thanks! You are subscribed.' : 'You are already subscribed.',
      payload: { email: email.toLowerCase() },
    });
  });
};

export default newsletter;
