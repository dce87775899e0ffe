import {
  ChangePasswordRequest,
  DEFAULT_LANGUAGE,
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
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { explicitLanguage, requestLanguage } from '../../lib/language.ts';
import type { RateLimitName } from '../../lib/rate-limit.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { findUserByEmail } from '../../services/accounts/find-user-by-email.ts';
import { parseForm, SUMMARIES } from '../../services/accounts/form-messages.ts';
import { assertCodesUnlocked, lockCodesIfTooManyFailures } from '../../services/accounts/lock-codes.ts';
import { loginUser } from '../../services/accounts/login-user.ts';
import { consumeOtp } from '../../services/accounts/otp-codes.ts';
import { registerUser } from '../../services/accounts/register-user.ts';
import { createResetToken, resetPassword } from '../../services/accounts/reset-password.ts';
import { revokeToken } from '../../services/accounts/revoke-token.ts';
import { sendCode } from '../../services/accounts/send-code.ts';
import { setProfileImage } from '../../services/accounts/set-profile-image.ts';
import { toPublicUser, type UserRow } from '../../services/accounts/to-public-user.ts';
import { changePassword, updateProfile } from '../../services/accounts/update-profile.ts';
import { invalidateListings } from '../../services/properties/listing-reads.ts';

/** Largest profile image accepted (spec 5: photos at most 50 MB). */
export const MAX_PROFILE_IMAGE_BYTES = 50 * 1024 * 1024;

const PASSWORD_FIELDS = ['current_password', 'new_password', 'new_password_confirmation'];

/** Sign-up, e-mail codes, login, password recovery, the current user and their profile. */
const accounts: RoutesPlugin = async (app) => {
  // Scoped to these routes: other features register their own multipart limits.
  await app.register(multipart, { limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 10, parts: 11 } });

  const now = () => app.clock.now();
  const publicUser = (row: UserRow) => toPublicUser(app.db, app.storage, row, app.clock.now());
  const codeDeps = () => ({ db: app.db, otpKey: app.otpKey, mailer: app.mailer, now: now() });
  const { passwords } = app;
  // Counted before the body is checked: a flood of bad bodies from one address is limited too.
  const limitByIp = (name: RateLimitName) => (request: FastifyRequest) => app.rateLimit.byIp(name, request);

  app.post(
    '/register',
    {
      preHandler: limitByIp('register'),
      schema: { body: RegisterRequest, response: { 201: UserResponse } },
      config: { input: { message: SUMMARIES.register } },
    },
    async (request, reply) => {
      const input = request.body;
      await app.rateLimit.byEmail('register', input.email);
      const language = requestLanguage(request);
      const user = await registerUser(app.db, input, { language, passwords, now: now() });
      await sendCode(codeDeps(), user, 'register', language);
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
      await app.rateLimit.byEmail('resendOtp', input.email);
      const user = await findUserByEmail(app.db, input.email);
      const wantsCode = user && !user.disabledAt && (input.type === 'forgot_password' || !user.emailVerifiedAt);
      if (user && wantsCode) {
        assertCodesUnlocked(user, now());
        await sendCode(codeDeps(), user, input.type, explicitLanguage(request) ?? userLanguage(user));
      }
      // The same answer whether or not a mail went out: no one learns which e-mails have accounts.
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
    async (request) => {
      const input = request.body;
      await app.rateLimit.byEmail('verifyOtp', input.email);
      const user = await findUserByEmail(app.db, input.email);
      if (!user || user.disabledAt) throw badRequest(M.invalidOtp, { otp: [M.invalidOtp] });
      assertCodesUnlocked(user, now());
      const result = await consumeOtp(app.db, app.otpKey, user.id, input.type, input.otp, now());
      if (result === 'invalid' || result === 'voided') {
        await lockCodesIfTooManyFailures({ db: app.db, mailer: app.mailer, now: now() }, user, userLanguage(user));
      }
      if (result !== 'ok') {
        const message = result === 'expired' ? M.expiredOtp : result === 'voided' ? M.voidedOtp : M.invalidOtp;
        throw badRequest(message, { otp: [message] });
      }
      if (input.type === 'register') {
        await app.db.update(users).set({ emailVerifiedAt: now(), updatedAt: now() }).where(eq(users.id, user.id));
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
    async (request) => {
      const input = request.body;
      await app.rateLimit.byEmail('newPassword', input.email);
      await resetPassword(
        app.db,
        { email: input.email, password: input.password, token: input.verification_token },
        { passwords, now: now() },
      );
      return ok(null, M.passwordResetSuccess);
    },
  );

  app.post(
    '/login',
    {
      preHandler: limitByIp('login'),
      schema: { body: LoginRequest, response: { 200: LoginResponse } },
      config: { input: { message: SUMMARIES.login } },
    },
    async (request) => {
      const input = request.body;
      await app.rateLimit.byEmail('login', input.email);
      let user = await loginUser(app.db, passwords, input.email, input.password);
      const language = explicitLanguage(request);
      if (language && language !== user.language) {
        [user = user] = await app.db.update(users).set({ language }).where(eq(users.id, user.id)).returning();
      }
      const token = await app.tokens.sign(user, input.remember);
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
        return ok(await publicUser(updated), M.profileUpdated);
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (PASSWORD_FIELDS.some((f) => f in body)) {
        // A stolen token must not become a way to guess the password: same limit as logging in.
        await app.rateLimit.byEmail('login', user.email);
        const input = parseForm(ChangePasswordRequest, body, SUMMARIES.password);
        const updated = await changePassword(
          app.db,
          user,
          { current: input.current_password, next: input.new_password },
          { passwords, now: now() },
        );
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
