import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageEvent } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, users } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { send } from './support/visitors.ts';

/**
 * An account's event stream (GET /api/user/events, ADR 034) is opened with a session, and every new message of the
 * account's threads is written to it for as long as it stays open (a keep-alive every 25 s holds it). A stream must
 * not outlive its session: once the token is logged out, the password changed, the account disabled or the token
 * expired, the next message is not written to it and the stream ends — else a stolen token, "ended" by its owner,
 * would keep reading every new message.
 */
const app = await build({ publicUrl: 'https://baan.test' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const owner = await createUser(app, { email: 'stream-session.owner@example.test' });
const condo = await makeListing(app, owner.id, { title: 'Stream session condo' });

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** A signed-in renter with a thread about the condo; returns their token and the thread's id. */
let sequence = 0;
async function renterWithThread() {
  sequence += 1;
  const renter = await createUser(app, { email: `stream-session.renter${sequence}@example.test` });
  const res = await send(
    app,
    `/api/property/${condo.id}/inquiry`,
    { name: `Renter ${sequence}`, email: renter.email, message: `Is it free? (${sequence})` },
    { headers: bearer(renter.token) },
  );
  expect(res.statusCode, res.body).toBe(201);
  const inquiryId = (res.json() as { payload: { id: number } }).payload.id;
  const [row] = await app.db.select().from(conversations).where(eq(conversations.inquiryId, inquiryId));
  if (!row) throw new Error('no conversation opened');
  return { ...renter, threadId: row.id };
}

/** Opens the account's stream; `ended` resolves when the server ends it. */
function stream(token: string) {
  const chunks: string[] = [];
  let req: http.ClientRequest | undefined;
  let ended = false;
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    req = http.get({ port, path: '/api/user/events', headers: bearer(token) }, (res) => {
      res.on('data', (c: Buffer) => chunks.push(c.toString()));
      res.on('end', () => {
        ended = true;
      });
      resolve(res);
    });
    req.on('error', reject);
  });
  return { opened, text: () => chunks.join(''), isEnded: () => ended, close: () => req?.destroy() };
}

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));
const ownerWrites = (threadId: number, body: string) =>
  app.inject({
    method: 'POST',
    url: `/api/user/conversations/${threadId}/messages`,
    headers: bearer(owner.token),
    payload: { body },
  });

/** The owner answers; the renter's stream must neither carry the answer nor stay open. */
async function expectCutOff(s: ReturnType<typeof stream>, threadId: number, body: string) {
  expect((await ownerWrites(threadId, body)).statusCode).toBe(201);
  await settle(200);
  expect(s.text()).not.toContain(body);
  expect(s.isEnded()).toBe(true);
  s.close();
}

/** A renter with a thread, listening on their open stream. */
async function listening() {
  const renter = await renterWithThread();
  const s = stream(renter.token);
  expect((await s.opened).statusCode).toBe(200);
  await settle();
  return { renter, s };
}

describe('GET /api/user/events ends with its session', () => {
  it('carries messages while the session lives', async () => {
    const { renter, s } = await listening();
    expect((await ownerWrites(renter.threadId, 'Still there?')).statusCode).toBe(201);
    await settle(200);
    const match = /event: message\ndata: (.*)\n\n/.exec(s.text());
    expect(MessageEvent.parse(JSON.parse(match?.[1] ?? 'null')).message.body).toBe('Still there?');
    expect(s.isEnded()).toBe(false);
    s.close();
  });

  it('after the token is logged out', async () => {
    const { renter, s } = await listening();
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(renter.token) });
    expect(out.statusCode).toBe(200);
    await expectCutOff(s, renter.threadId, 'Secret after logout');
  });

  it('after the password changed (older sessions end)', async () => {
    const { renter, s } = await listening();
    await app.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, renter.id));
    await expectCutOff(s, renter.threadId, 'Secret after password change');
  });

  it('after the account was disabled', async () => {
    const { renter, s } = await listening();
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, renter.id));
    await expectCutOff(s, renter.threadId, 'Secret after disable');
  });

  it('after the token expired', async () => {
    const { renter, s } = await listening();
    const real = app.clock.now;
    app.clock.now = () => new Date(Date.now() + 25 * 60 * 60_000);
    try {
      // The owner's own token has expired by then too: the owner writes with a fresh one.
      const fresh = await app.tokens.sign({ id: owner.id, sessionVersion: 0 }, false);
      const res = await app.inject({
        method: 'POST',
        url: `/api/user/conversations/${renter.threadId}/messages`,
        headers: bearer(fresh),
        payload: { body: 'Secret after expiry' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await settle(200);
      expect(s.text()).not.toContain('Secret after expiry');
      expect(s.isEnded()).toBe(true);
    } finally {
      app.clock.now = real;
      s.close();
    }
  });
});
