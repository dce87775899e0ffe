import {
  ChangePasswordRequest,
  DEFAULT_LANGUAGE,
  DEVICE_TOKEN_HEADER,
  EmptyResponse,
  isLanguage,
  type Language,
  LoginRequest,
  LoginResponse,
  AUTH_MESSAGES as M,
  NewPasswordRequest,
  ProfileImageForm,
  RegisterRequest,
  ResendOtpRequest,
  UpdatedProfileResponse,
  UpdateNameRequest,
  UpdateProfileRequest,
  UserResponse,
  VerifyOtpRequest,
  VerifyOtpResponse,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import type { QueueTicket } from '../../lib/bounded-queue.ts';
import { requestNetwork } from '../../lib/client-network.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { explicitLanguage, requestLanguage } from '../../lib/language.ts';
import type { RateLimitName } from '../../lib/rate-limit.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { noticeAccountTried } from '../../services/accounts/account-tried.ts';
import { assertCodeMailAllowed, assertCodeTryAllowed, isBeingTried } from '../../services/accounts/code-guard.ts';
import { findDeviceToken, keepDeviceToken } from '../../services/accounts/device-tokens.ts';
import { findUserByEmail } from '../../services/accounts/find-user-by-email.ts';
import { parseForm, SUMMARIES } from '../../services/accounts/form-messages.ts';
import {
  findUserWithNetwork,
  isKnownNetwork,
  networkId,
  rememberNetwork,
} from '../../services/accounts/known-networks.ts';
import { assertLoginAllowed, type LoginAttempt, recordLoginFailure } from '../../services/accounts/login-guard.ts';
import { loginUser } from '../../services/accounts/login-user.ts';
import { consumeOtp, liveOtp } from '../../services/accounts/otp-codes.ts';
import { registerUser } from '../../services/accounts/register-user.ts';
import { createResetToken, resetPassword } from '../../services/accounts/reset-password.ts';
import { revokeToken } from '../../services/accounts/revoke-token.ts';
import { sendCode } from '../../services/accounts/send-code.ts';
import { setProfileImage } from '../../services/accounts/set-profile-image.ts';
import { toPublicUser, type UserRow } from '../../services/accounts/to-public-user.ts';
import { changePassword, updateProfile } from '../../services/accounts/update-profile.ts';
import { enqueueJob } from '../../services/jobs/queue.ts';
import { confirmSignupNewsletter } from '../../services/newsletter/newsletter-confirmation.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

/** Largest profile image accepted (spec 5: photos at most 50 MB). */
export const MAX_PROFILE_IMAGE_BYTES = 50 * 1024 * 1024;

const PASSWORD_FIELDS = ['current_password', 'new_password', 'new_password_confirmation'];

/** The job that makes and mails a code asked for with resendOtp (so the answer does the same work either way). */
export const SEND_CODE_JOB = 'accounts.sendCode';
type SendCodePayload = {
  email: string;
  type: 'register' | 'forgot_password';
  language: string | null;
  network: string;
};

/** A place in the password-hashing line: one waiting hash per network and per account (ADR 019). */
const hashTicket = (network: string, email: string, preferred: boolean): QueueTicket => ({
  keys: [`net:${network}`, `acct:${email.trim().toLowerCase()}`],
  preferred,
});

/** Sign-up, e-mail codes, login, password recovery, the current user and their profile. */
const accounts: RoutesPlugin = async (app) => {
  // Scoped to these routes: other features register their own multipart limits.
  await app.register(multipart, { limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 10, parts: 11 } });

  const now = () => app.clock.now();
  const publicUser = (row: UserRow) => toPublicUser(app.db, app.storage, row, app.clock.now());
  const codeDeps = () => ({ db: app.db, otpKey: app.otpKey, mailer: app.mailer, now: now() });
  const noticeDeps = () => ({ db: app.db, mailer: app.mailer, now: now() });
  const { passwords } = app;
  // Counted before the body is checked: a flood of bad bodies from one network is limited too.
  const limitByIp = (name: RateLimitName) => (request: FastifyRequest) => app.rateLimit.byIp(name, request);
  /** The request's network as stored with accounts and codes (a keyed hash, never the address). */
  const storedNetwork = (request: FastifyRequest) => networkId(app.networkKey, requestNetwork(request));
  /** The device token a login sends (X-Device-Token), as it came: checked by device-tokens.ts. */
  const sentDeviceToken = (request: FastifyRequest) => request.headers[DEVICE_TOKEN_HEADER];
  /** Hands this device its token for the account (the one it sent, renewed, or a new one); never logged. */
  const giveDeviceToken = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const token = await keepDeviceToken(app.db, app.deviceKey, user, sentDeviceToken(request), now());
    reply.header(DEVICE_TOKEN_HEADER, token);
  };
  /**
   * Logins whose per-network limit was left for the handler: they carry a live device token, which passes the
   * limits others spent if it is the account's own (else the handler counts the login after all).
   */
  const loginsWithDevice = new WeakMap<FastifyRequest, { id: number; userId: number }>();

  app.jobs.register(SEND_CODE_JOB, async (payload) => {
    const { email, type, language, network } = payload as SendCodePayload;
    const user = await findUserByEmail(app.db, email);
    const wantsCode = user && !user.disabledAt && (type === 'forgot_password' || !user.emailVerifiedAt);
    if (!user || !wantsCode) return;
    await sendCode(codeDeps(), user, type, isLanguage(language) ? language : userLanguage(user), network);
  });

  app.post(
    '/register',
    {
      preHandler: limitByIp('register'),
      schema: { body: RegisterRequest, response: { 201: UserResponse } },
      config: { input: { message: SUMMARIES.register } },
    },
    async (request, reply) => {
      const input = request.body;
      await app.rateLimit.byEmailNetwork('register', input.email, request);
      await app.rateLimit.challengeBurst(request);
      const language = requestLanguage(request);
      const user = await registerUser(app.db, input, {
        language,
        passwords,
        now: now(),
        ticket: hashTicket(requestNetwork(request), input.email, false),
        // A pending account has never logged in, so no network of it passes the cap on code mails.
        beforeHash: () => assertCodeMailAllowed(app.rateLimit.counters(request), input.email, false),
      });
      await sendCode(codeDeps(), user, 'register', language, storedNetwork(request));
      return reply.code(201).send(ok(await publicUser(user), M.signupSuccess));
    },
  );

  app.post(
    '/resendOtp',
    {
      preHandler: limitByIp('resendOtp'),
      schema: { body: ResendOtpRequest, response: { 200: EmptyResponse } },
      config: { input: { message: SUMMARIES.resendOtp } },
    },
    async (request) => {
      const input = request.body;
      await app.rateLimit.byEmailNetwork('resendOtp', input.email, request);
      await app.rateLimit.challengeBurst(request);
      const network = storedNetwork(request);
      const known = await isKnownNetwork(app.db, input.email, network, now());
      await assertCodeMailAllowed(app.rateLimit.counters(request), input.email, known);
      // The same answer, and the same work, whether or not a mail goes out: no one learns which e-mails
      // have accounts, not even from how long the answer takes. The job makes and mails the code.
      const job: SendCodePayload = {
        email: input.email,
        type: input.type,
        language: explicitLanguage(request) ?? null,
        network,
      };
      await enqueueJob(app.db, SEND_CODE_JOB, job, { runAt: now() });
      app.jobs.nudge();
      return ok(null, M.otpSent);
    },
  );

  app.post(
    '/verifyOtp',
    {
      preHandler: limitByIp('verifyOtp'),
      schema: { body: VerifyOtpRequest, response: { 200: VerifyOtpResponse } },
      config: { input: { message: SUMMARIES.verifyOtp } },
    },
    async (request, reply) => {
      const input = request.body;
      await app.rateLimit.byEmailNetwork('verifyOtp', input.email, request);
      const refuse = (message: string) => badRequest(message, { otp: [message] });
      const user = await findUserByEmail(app.db, input.email);
      if (!user || user.disabledAt) throw refuse(M.invalidOtp);
      const live = await liveOtp(app.db, user.id, input.type);
      // No live code: nothing can be guessed, so nothing is counted.
      if (!live) throw refuse(M.invalidOtp);
      if (live.expiresAt.getTime() <= now().getTime()) throw refuse(M.expiredOtp);
      const network = storedNetwork(request);
      const isKnown = await isKnownNetwork(app.db, user.email, network, now());
      const attempt = { user, live, network, isKnownNetwork: isKnown, now: now() };
      await assertCodeTryAllowed(app.db, attempt);
      const result = await consumeOtp(app.db, app.otpKey, live, input.otp, now(), attempt);
      if (result !== 'ok') {
        if (await isBeingTried(app.db, attempt)) await noticeAccountTried(noticeDeps(), user, 'code');
        throw refuse(result === 'voided' ? M.voidedOtp : M.invalidOtp);
      }
      // A right code proves this network is the owner's (their mailbox): it passes the account-wide ceilings.
      await rememberNetwork(app.db, user.id, network, now());
      if (input.type === 'register') {
        await app.db.update(users).set({ emailVerifiedAt: now(), updatedAt: now() }).where(eq(users.id, user.id));
        // A newsletter ticked at sign-up counts from now: the address is proven (ADR 055).
        await confirmSignupNewsletter(app.db, user, now());
        // This device proved the mailbox: its later logins pass the limits others spent (ADR 019). A reset
        // code gives none: the reset that follows ends every device token and hands out a fresh one.
        await giveDeviceToken(request, reply, user);
        return ok(null, M.otpVerified);
      }
      return ok(await createResetToken(app.db, user.id, now()), M.otpVerifiedForReset);
    },
  );

  app.post(
    '/newPassword',
    {
      preHandler: limitByIp('newPassword'),
      schema: { body: NewPasswordRequest, response: { 200: EmptyResponse } },
      config: { input: { message: SUMMARIES.newPassword } },
    },
    async (request, reply) => {
      const input = request.body;
      await app.rateLimit.byEmailNetwork('newPassword', input.email, request);
      // Only a live reset token reaches the hash (it is looked up first), so its place is a preferred one.
      const userId = await resetPassword(
        app.db,
        { email: input.email, password: input.password, token: input.verification_token },
        { passwords, now: now(), ticket: hashTicket(requestNetwork(request), input.email, true) },
      );
      await rememberNetwork(app.db, userId, storedNetwork(request), now());
      // The reset ended every device token of the account; the device that made it gets a fresh one.
      const [reset] = await app.db.select().from(users).where(eq(users.id, userId));
      if (reset) await giveDeviceToken(request, reply, reset);
      // A reset code proves the mailbox too: a newsletter ticked at sign-up counts from now (ADR 055).
      if (reset) await confirmSignupNewsletter(app.db, reset, now());
      return ok(null, M.passwordResetSuccess);
    },
  );

  app.post(
    '/login',
    {
      // A login with a live device token is not refused by what others on its network spent (ADR 019): its
      // per-network count waits until the handler knows whether the token is the account's.
      preHandler: async (request) => {
        const device = await findDeviceToken(app.db, app.deviceKey, sentDeviceToken(request), now());
        if (device) {
          loginsWithDevice.set(request, device);
          return;
        }
        await app.rateLimit.byIp('login', request);
      },
      schema: { body: LoginRequest, response: { 200: LoginResponse } },
      config: { input: { message: SUMMARIES.login } },
    },
    async (request, reply) => {
      const input = request.body;
      const email = input.email.trim().toLowerCase();
      const network = storedNetwork(request);
      const found = await findUserWithNetwork(app.db, email, network, now());
      const device = loginsWithDevice.get(request);
      const isOwnDevice = Boolean(device && found.user && device.userId === found.user.id);
      // Another account's token passes nothing: the login counts as any other.
      if (device && !isOwnDevice) await app.rateLimit.byIp('login', request);
      // A network or device the account proved itself on passes the ceilings and goes ahead in the hashing line.
      const isKnown = found.isKnownNetwork || isOwnDevice;
      // Others are challenged when their network sends a burst while the line is half full.
      if (!isKnown && passwords.queue.waiting >= passwords.queue.maxWaiting / 2)
        await app.rateLimit.challengeBurst(request);
      const attempt: LoginAttempt = {
        counters: app.rateLimit.counters(request),
        email,
        network: requestNetwork(request),
        isKnownNetwork: isKnown,
        device: isOwnDevice ? device?.id : undefined,
      };
      await assertLoginAllowed(attempt);
      let user: UserRow;
      try {
        user = await loginUser(passwords, found.user, input.password, hashTicket(attempt.network, email, isKnown));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401 && (await recordLoginFailure(attempt))) {
          if (found.user) await noticeAccountTried(noticeDeps(), found.user, 'password');
        }
        throw err;
      }
      await rememberNetwork(app.db, user.id, network, now());
      const language = explicitLanguage(request);
      if (language && language !== user.language) {
        [user = user] = await app.db.update(users).set({ language }).where(eq(users.id, user.id)).returning();
      }
      const token = await app.tokens.sign(user, input.remember);
      await giveDeviceToken(request, reply, user);
      return ok({ user: await publicUser(user), token }, M.loginSuccess);
    },
  );

  app.post(
    '/logout',
    { preHandler: app.authenticate, schema: { response: { 200: EmptyResponse } } },
    async (request) => {
      if (!request.token) throw new Error('route needs app.authenticate');
      await revokeToken(app.db, request.token, now());
      return ok(null, M.loggedOut);
    },
  );

  app.get('/user', { preHandler: app.authenticate, schema: { response: { 200: UserResponse } } }, async (request) =>
    ok(await publicUser(currentUser(request))),
  );

  app.post(
    '/update/profile',
    {
      preHandler: app.authenticate,
      schema: {
        // Which form it is shows in the request (multipart, or password fields), so the handler reads it.
        body: readInHandler({ json: UpdateProfileRequest, form: ProfileImageForm }),
        response: { 200: UpdatedProfileResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.isMultipart()) {
        const updated = await setProfileImage(app, request, user);
        // A published profile's photo is on its listings' wire (ADR 029).
        if (updated.profilePublic) await invalidateListings(app, 'public profile photo changed');
        return ok(await publicUser(updated), M.profileUpdated);
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (PASSWORD_FIELDS.some((f) => f in body)) {
        // A stolen token must not become a way to guess the password: the same wrong-password limit
        // per (account, network) as logging in (the session is in already, so no account-wide ceiling).
        const attempt: LoginAttempt = {
          counters: app.rateLimit.counters(request),
          email: user.email,
          network: requestNetwork(request),
          isKnownNetwork: true,
        };
        await assertLoginAllowed(attempt);
        const input = parseForm(ChangePasswordRequest, body, SUMMARIES.password);
        const preferred = await isKnownNetwork(app.db, user.email, storedNetwork(request), now());
        const updated = await changePassword(
          app.db,
          user,
          { current: input.current_password, next: input.new_password },
          { passwords, now: now(), ticket: hashTicket(attempt.network, user.email, preferred) },
        ).catch(async (err: unknown) => {
          if (err instanceof HttpError && err.message === M.wrongCurrentPassword) await recordLoginFailure(attempt);
          throw err;
        });
        // The old tokens stopped working; hand this session a fresh one (same lifetime kind).
        const token = await app.tokens.sign(updated, request.tokenRemember);
        return ok({ ...(await publicUser(updated)), token }, M.passwordChanged);
      }
      const input = parseForm(UpdateNameRequest, body, SUMMARIES.name);
      const updated = await updateProfile(app.db, user.id, input, now());
      // The owner's listing pages show the name, the number and the LINE ID.
      const shown = (row: UserRow) => [row.name, row.phoneNumber, row.lineId].join('\n');
      if (shown(updated) !== shown(user)) await invalidateListings(app, 'owner contact changed');
      return ok(await publicUser(updated), M.profileUpdated);
    },
  );
};

function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('route needs app.authenticate');
  return request.user;
}

function userLanguage(user: UserRow): Language {
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

export default accounts;
