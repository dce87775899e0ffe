import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES as M } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { revokedTokens } from '../src/db/schema.ts';
import { REMEMBER_TTL_SECONDS } from '../src/plugins/app/auth.ts';
import { freshDatabase } from './helpers.ts';
import { bearer, json, PASSWORD, post, signUpAndLogin } from './support/accounts.ts';

// Two API nodes on one database with one JWT_SECRET, as a deployment behind a load balancer runs.
const JWT_SECRET = 'logout-test-secret-of-at-least-32-characters';
const database = await freshDatabase();
const dataDirs: string[] = [];
async function node(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  dataDirs.push(dataDir);
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), jwtSecret: JWT_SECRET };
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}
const app = await node();
const other = await node();
afterAll(async () => {
  await app.close();
  await other.close();
  await database.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const me = (on: FastifyInstance, token: string) =>
  on.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const logout = (on: FastifyInstance, headers: Record<string, string> = {}) =>
  on.inject({ method: 'POST', url: '/api/logout', headers });
const revokedCount = async () =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(revokedTokens))[0]?.n ?? 0;

describe('POST /api/logout', () => {
  it('ends that token on every node, and only that one', async () => {
    const first = await signUpAndLogin(app);
    const second = json<{ payload: { token: string } }>(
      await post(app, '/api/login', { email: first.email, password: PASSWORD }),
    ).payload.token;
    expect((await me(app, first.token)).statusCode).toBe(200);
    expect((await me(other, first.token)).statusCode).toBe(200);

    const res = await logout(app, bearer(first.token));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: M.loggedOut, payload: null });

    for (const on of [app, other]) {
      const after = await me(on, first.token);
      expect(after.statusCode).toBe(401);
      expect(json(after)).toEqual({ success: false, message: M.sessionExpired });
      // The same person's other session (another device) goes on.
      expect((await me(on, second)).statusCode).toBe(200);
    }
    // Logging out again with the ended token is refused like any dead token.
    expect((await logout(other, bearer(first.token))).statusCode).toBe(401);
    expect((await logout(other, bearer(second))).statusCode).toBe(200);
    expect((await me(app, second)).statusCode).toBe(401);
  });

  it('answers 401 without a token or with a malformed one, and stores nothing', async () => {
    const before = await revokedCount();
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const res = await logout(app, headers);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ success: false, message: M.loginRequired });
    }
    expect(await revokedCount()).toBe(before);
  });

  it('refuses a token without an id (issued before logout existed)', async () => {
    const { token, userId } = await signUpAndLogin(app);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sv: number };
    const now = Math.floor(Date.now() / 1000);
    const noId = await new SignJWT({ sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await me(app, noId);
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe(M.sessionExpired);
    expect((await me(app, token)).statusCode).toBe(200);
  });

  it('keeps a revoked id only until the token would have expired anyway', async () => {
    const { token } = await signUpAndLogin(app, undefined, true);
    expect((await logout(app, bearer(token))).statusCode).toBe(200);
    const kept = await revokedCount();
    expect(kept).toBeGreaterThanOrEqual(1);

    // 30 days on, that remember-me token has expired: the next logout drops its row.
    const realNow = app.clock.now;
    const later = () => new Date(realNow().getTime() + (REMEMBER_TTL_SECONDS + 60) * 1000);
    app.clock.now = later;
    try {
      const fresh = await signUpAndLogin(app);
      expect((await logout(app, bearer(fresh.token))).statusCode).toBe(200);
      const rows = await app.db.select().from(revokedTokens);
      expect(rows.every((r) => r.expiresAt.getTime() > later().getTime())).toBe(true);
      expect(rows.length).toBe(1);
    } finally {
      app.clock.now = realNow;
    }
  });
});
