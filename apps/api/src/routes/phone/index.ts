import { EmptyResponse, PHONE_MESSAGES, SendPhoneCodeRequest, toE164, VerifyPhoneRequest } from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { requestNetwork } from '../../lib/client-network.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { noticeAccountTried } from '../../services/accounts/account-tried.ts';
import { assertCodeMailAllowed } from '../../services/accounts/code-guard.ts';
import { isKnownNetwork, networkId } from '../../services/accounts/known-networks.ts';
import { sendPhoneCode, verifyPhoneCode } from '../../services/accounts/phone-verification.ts';
import type { UserRow } from '../../services/accounts/to-public-user.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

/**
 * Phone numbers verified by a 6-digit SMS code (docs/api.md "Agents, agencies, verification"; ADR 036), with the
 * e-mail codes' limits: per network and per account on the calls, per number on the messages, and code-guard.ts
 * on the tries.
 */
const phone: RoutesPlugin = async (app) => {
  const now = () => app.clock.now();
  const storedNetwork = (request: FastifyRequest) => networkId(app.networkKey, requestNetwork(request));
  const currentUser = (request: FastifyRequest): UserRow => {
    if (!request.user) throw new Error('route needs app.authenticate');
    return request.user;
  };

  app.post(
    '/user/phone/send-code',
    {
      preHandler: [app.authenticate, (request) => app.rateLimit.byIp('resendOtp', request)],
      schema: { body: SendPhoneCodeRequest, response: { 200: EmptyResponse } },
      config: { input: { message: PHONE_MESSAGES.phoneInvalid } },
    },
    async (request) => {
      const user = currentUser(request);
      if (!app.sms) throw new HttpError(503, PHONE_MESSAGES.smsOff);
      const e164 = toE164(request.body.phone_number);
      if (!e164) throw badRequest(PHONE_MESSAGES.phoneInvalid, { phone_number: [PHONE_MESSAGES.phoneInvalid] });
      await app.rateLimit.byEmailNetwork('resendOtp', user.email, request);
      const network = storedNetwork(request);
      const known = await isKnownNetwork(app.db, user.email, network, now());
      // The e-mail codes' cap per address, per number here: Baan must not become a way to text a stranger.
      await assertCodeMailAllowed(app.rateLimit.counters(request), `sms:${e164}`, known);
      await sendPhoneCode(
        { db: app.db, otpKey: app.otpKey, now: now(), budget: app.config.smsBudget },
        user,
        e164,
        requestLanguage(request),
        network,
      );
      app.jobs.nudge();
      return ok(null, PHONE_MESSAGES.codeSent);
    },
  );

  app.post(
    '/user/phone/verify',
    {
      preHandler: [app.authenticate, (request) => app.rateLimit.byIp('verifyOtp', request)],
      schema: { body: VerifyPhoneRequest, response: { 200: EmptyResponse } },
      config: { input: { message: PHONE_MESSAGES.codeRequired } },
    },
    async (request) => {
      const user = currentUser(request);
      await app.rateLimit.byEmailNetwork('verifyOtp', user.email, request);
      const network = storedNetwork(request);
      const known = await isKnownNetwork(app.db, user.email, network, now());
      const result = await verifyPhoneCode({ db: app.db, otpKey: app.otpKey, now: now() }, user, request.body.code, {
        network,
        isKnownNetwork: known,
      });
      if (!result.ok) {
        if (result.tried) await noticeAccountTried({ db: app.db, mailer: app.mailer, now: now() }, user, 'code');
        throw badRequest(result.message, { code: [result.message] });
      }
      // The badge is on the owner's listings and agent page.
      await invalidateListings(app, 'phone verified');
      return ok(null, PHONE_MESSAGES.verified);
    },
  );
};

export default phone;
