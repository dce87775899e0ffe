import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { AUTH_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { persistentSecret } from '../lib/secrets.ts';
import type { UserRow } from '../services/accounts/to-public-user.ts';

/** Access tokens live a day, or 30 days when the person ticked "remember me". */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;

export type Tokens = {
  sign: (user: Pick<UserRow, 'id' | 'sessionVersion'>, remember: boolean) => Promise<string>;
};

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
    /** HMAC key for one-time codes, derived from the token secret. */
    otpKey: Buffer;
    /** preHandler: sets request.user from the Bearer token, or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like authenticate, then 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The authenticated user (set by app.authenticate), else null. */
    user: UserRow | null;
    /** Whether the request's token was a remember-me (30-day) one. */
    tokenRemember: boolean;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * Bearer-token authentication: HS256 JWTs signed with JWT_SECRET (or a secret generated once under
 * DATA_DIR/secrets). A token names the user and their session version; changing the password bumps
 * the version, so older tokens stop working.
 */
export default fp(
  async (app) => {
    const secret = app.config.jwtSecret ?? persistentSecret(path.join(app.config.dataDir, 'secrets'), 'jwt-secret');
    if (!app.config.jwtSecret && app.config.databaseUrl) {
      app.log.warn('JWT_SECRET is not set: every API node must share one secret, so set it when running several');
    }
    const key = new TextEncoder().encode(secret);
    app.decorate('otpKey', Buffer.from(hkdfSync('sha256', secret, 'baan', 'otp-codes', 32)));

    app.decorate('tokens', {
      async sign(user, remember) {
        const now = Math.floor(app.clock.now().getTime() / 1000);
        return new SignJWT({ sv: user.sessionVersion })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setIssuedAt(now)
          .setExpirationTime(now + (remember ? REMEMBER_TTL_SECONDS : TOKEN_TTL_SECONDS))
          .sign(key);
      },
    } satisfies Tokens);

    app.decorateRequest('user', null);
    app.decorateRequest('tokenRemember', false);

    async function authenticate(request: FastifyRequest): Promise<void> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
      if (!match?.[1]) throw unauthorized(AUTH_MESSAGES.loginRequired);
      let subject: string | undefined;
      let version: unknown;
      let lifetime = 0;
      try {
        const { payload } = await jwtVerify(match[1], key, { algorithms: ['HS256'], currentDate: app.clock.now() });
        subject = payload.sub;
        version = payload.sv;
        lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
      } catch (err) {
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.loginRequired,
        );
      }
      const id = Number(subject);
      if (!Number.isSafeInteger(id) || id <= 0) throw unauthorized(AUTH_MESSAGES.loginRequired);
      const [user] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!user || user.disabledAt || !user.emailVerifiedAt || user.sessionVersion !== version) {
        throw unauthorized(AUTH_MESSAGES.sessionExpired);
      }
      request.user = user;
      request.tokenRemember = lifetime > TOKEN_TTL_SECONDS;
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) await authenticate(request);
      if (request.user?.role !== 'admin') throw forbidden(AUTH_MESSAGES.adminOnly);
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'clock'] },
);
