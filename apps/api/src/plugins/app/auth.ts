import { hkdfSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import { AUTH_MESSAGES } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { revokedTokens, users } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { persistentSecret } from '../../lib/secrets.ts';
import type { UserRow } from '../../services/accounts/to-public-user.ts';

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
    /** HMAC key for the client networks stored with accounts and codes (services/accounts/known-networks.ts). */
    networkKey: Buffer;
    /** HMAC key for device tokens (only their keyed hash is stored; services/accounts/device-tokens.ts). */
    deviceKey: Buffer;
    /** HMAC key that signs proof-of-work challenges (lib/burst-challenge.ts). */
    challengeKey: Buffer;
    /** HMAC key that signs a guest's per-thread conversation links (services/conversations/guest-token.ts). */
    conversationKey: Buffer;
    /** preHandler: sets request.user from the Bearer token, or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like authenticate, then 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * Whether an authenticated request's session still holds now (not expired, not logged out, password unchanged,
     * account enabled): what a long-lived answer (an event stream) asks before it writes more.
     */
    sessionAlive: (request: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyRequest {
    /** The authenticated user (set by app.authenticate), else null. */
    user: UserRow | null;
    /** Whether the request's token was a remember-me (30-day) one. */
    tokenRemember: boolean;
    /** The request's token: its id (`jti`) and when it expires (set by app.authenticate). */
    token: { id: string; expiresAt: Date } | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
const TOKEN_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Bearer-token authentication: HS256 JWTs signed with JWT_SECRET (or a secret generated once under
 * DATA_DIR/secrets). A token names the user and their session version; changing the password bumps
 * the version, so older tokens stop working. Each token also has its own id (`jti`): logging out
 * stores it in revoked_tokens, which every node reads in the same query that loads the user.
 */
export default fp(
  async (app) => {
    const secret = app.config.jwtSecret ?? persistentSecret(path.join(app.config.dataDir, 'secrets'), 'jwt-secret');
    if (!app.config.jwtSecret && app.config.databaseUrl) {
      app.log.warn('JWT_SECRET is not set: every API node must share one secret, so set it when running several');
    }
    const key = new TextEncoder().encode(secret);
    app.decorate('otpKey', Buffer.from(hkdfSync('sha256', secret, 'baan', 'otp-codes', 32)));
    app.decorate('networkKey', Buffer.from(hkdfSync('sha256', secret, 'baan', 'client-networks', 32)));
    app.decorate('deviceKey', Buffer.from(hkdfSync('sha256', secret, 'baan', 'device-tokens', 32)));
    app.decorate('challengeKey', Buffer.from(hkdfSync('sha256', secret, 'baan', 'burst-challenges', 32)));
    app.decorate('conversationKey', Buffer.from(hkdfSync('sha256', secret, 'baan', 'conversation-links', 32)));

    app.decorate('tokens', {
      async sign(user, remember) {
        const now = Math.floor(app.clock.now().getTime() / 1000);
        return new SignJWT({ sv: user.sessionVersion })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setJti(randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + (remember ? REMEMBER_TTL_SECONDS : TOKEN_TTL_SECONDS))
          .sign(key);
      },
    } satisfies Tokens);

    app.decorateRequest('user', null);
    app.decorateRequest('tokenRemember', false);
    app.decorateRequest('token', null);

    /** The token's user when the session holds: the token not logged out, the account enabled and verified, the version current. */
    async function sessionUser(id: number, tokenId: string, version: unknown): Promise<UserRow | null> {
      const [row] = await app.db
        .select({
          user: users,
          revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${tokenId})`,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      const user = row?.user;
      if (!user || row.revoked || user.disabledAt || !user.emailVerifiedAt || user.sessionVersion !== version)
        return null;
      return user;
    }

    async function authenticate(request: FastifyRequest): Promise<void> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
      if (!match?.[1]) throw unauthorized(AUTH_MESSAGES.loginRequired);
      let subject: string | undefined;
      let version: unknown;
      let tokenId: string | undefined;
      let expires = 0;
      let lifetime = 0;
      try {
        const { payload } = await jwtVerify(match[1], key, { algorithms: ['HS256'], currentDate: app.clock.now() });
        subject = payload.sub;
        version = payload.sv;
        tokenId = payload.jti;
        expires = payload.exp ?? 0;
        lifetime = expires - (payload.iat ?? 0);
      } catch (err) {
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.loginRequired,
        );
      }
      const id = Number(subject);
      if (!Number.isSafeInteger(id) || id <= 0) throw unauthorized(AUTH_MESSAGES.loginRequired);
      // A token from before logout existed has no id and could not be ended: it must log in again.
      if (!tokenId || !TOKEN_ID.test(tokenId)) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      const user = await sessionUser(id, tokenId, version);
      if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      request.user = user;
      request.tokenRemember = lifetime > TOKEN_TTL_SECONDS;
      request.token = { id: tokenId, expiresAt: new Date(expires * 1000) };
    }

    app.decorate('authenticate', authenticate);
    app.decorate('sessionAlive', async (request: FastifyRequest) => {
      const { user, token } = request;
      if (!user || !token || token.expiresAt.getTime() <= app.clock.now().getTime()) return false;
      return (await sessionUser(user.id, token.id, user.sessionVersion)) !== null;
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) await authenticate(request);
      if (request.user?.role !== 'admin') throw forbidden(AUTH_MESSAGES.adminOnly);
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'clock'] },
);
