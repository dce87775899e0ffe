import {
  NEWSLETTER_MESSAGES as M,
  NewsletterConfirmRequest,
  NewsletterConfirmResponse,
  NewsletterRequest,
  NewsletterResponse,
  NewsletterUnsubscribeLinkRequest,
  NewsletterUnsubscribeLinkResponse,
  NewsletterUnsubscribeQuery,
  NewsletterUnsubscribeRequest,
  NewsletterUnsubscribeResponse,
} from '@baan/contract';
import { requestNetwork } from '../../lib/client-network.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { confirmNewsletter, requestNewsletterConfirmation } from '../../services/newsletter/newsletter-confirmation.ts';
import { withinNewsletterMailLimits } from '../../services/newsletter/newsletter-mail-limits.ts';
import { requestUnsubscribeLink, unsubscribeNewsletter } from '../../services/newsletter/unsubscribe-newsletter.ts';

const newsletter: RoutesPlugin = async (app) => {
  const mail = () => ({ mailer: app.mailer, key: app.newsletterUnsubscribeKey, publicUrl: app.config.publicUrl });

  app.post(
    '/newsletter',
    { schema: { body: NewsletterRequest, response: { 201: NewsletterResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      // Limits before the write: a limited request subscribes nothing.
      await app.rateLimit.byIp('newsletter', request);
      // The typed address counts per network only: another network's attempts never refuse its owner (ADR 059).
      await app.rateLimit.byEmailNetwork('newsletter', email, request);
      // Double opt-in (ADR 055): nothing is consented until the mailed link is confirmed. Past the daily mail limits
      // (per network, and per address whoever types it) no mail goes, and the answer is the same.
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
      const confirmed = await confirmNewsletter(app.db, request.body.token, app.clock.now(), mail());
      return ok(confirmed, M.confirmed);
    },
  );

  // "Lost the link?" (ADR 058): a fresh unsubscribe link to a subscribed address, the same answer for every address,
  // under the same kind of limits as the confirmation mails (their own counters).
  app.post(
    '/newsletter/unsubscribe-link',
    { schema: { body: NewsletterUnsubscribeLinkRequest, response: { 200: NewsletterUnsubscribeLinkResponse } } },
    async (request) => {
      const { email } = request.body;
      await app.rateLimit.byIp('newsletter', request);
      await app.rateLimit.byEmailNetwork('newsletter', email, request);
      const counters = app.rateLimit.counters(request);
      if (await withinNewsletterMailLimits(counters, email, requestNetwork(request), 'unsubscribe')) {
        const outcome = await requestUnsubscribeLink(app.db, mail(), email);
        request.log.info({ outcome }, 'newsletter unsubscribe link asked for');
      }
      return ok({ email: email.toLowerCase() }, M.unsubscribeLinkSent);
    },
  );

  await app.register(unsubscribeRoutes);
};

/**
 * POST /api/newsletter/unsubscribe (ADR 058): the unsubscribe page posts `{token}` as JSON; a mail client's one-click
 * (RFC 8058) posts `List-Unsubscribe=One-Click` as a form (urlencoded or multipart) to the link with `?token=`. Never rate limited, like the
 * confirmation: the token is 256 bits of HMAC. The token never reaches a log line (lib/log-errors.ts redacts it).
 */
const unsubscribeRoutes: RoutesPlugin = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 8058 lets a mail client send the same one field as multipart/form-data; the token is in the query then, so
  // the (small) body is read and dropped.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        querystring: NewsletterUnsubscribeQuery,
        body: NewsletterUnsubscribeRequest,
        response: { 200: NewsletterUnsubscribeResponse },
      },
      config: { input: { message: M.invalidUnsubscribeToken } },
    },
    async (request) => {
      const token = request.body.token ?? request.query.token;
      if (!token) throw badRequest(M.invalidUnsubscribeToken, { token: [M.invalidUnsubscribeToken] });
      const done = await unsubscribeNewsletter(app.db, app.newsletterUnsubscribeKey, token, app.clock.now());
      request.log.info({ result: done.result }, 'newsletter unsubscribed');
      return ok(done, done.result === 'unsubscribed' ? M.unsubscribed : M.notSubscribed);
    },
  );
};

export default newsletter;
