import { ErrorEnvelope } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * An agency invitation (ADR 037) mails an address the inviter typed, with the agency's name (free text the inviter
 * chose) in its subject. Any verified account may create an agency, and its invitations were limited per inviter only
 * (50 an hour): one account — or a few — could mail the same stranger again and again, or anyone at all, in Baan's
 * name. An address now receives at most RATE_LIMITS.agencyInvitee.perEmail invitations a day, from all agencies
 * together, and a call refused before the invitation is made (not the agency's admin) does not count against it.
 */
const app = await build();
const DAY = 24 * 60 * 60_000;
const perAddress = RATE_LIMITS.agencyInvitee.perEmail;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let n = 0;
const person = () => {
  n += 1;
  return createUser(app, { email: `invite-flood${n}@example.test` });
};
async function agencyOf(name: string) {
  const admin = await person();
  const res = await app.inject({ method: 'POST', url: '/api/agencies', payload: { name }, headers: auth(admin.token) });
  expect(res.statusCode, res.body).toBe(201);
  return { admin, slug: (res.json() as { payload: { slug: string } }).payload.slug };
}
const invite = (token: string, slug: string, email: string, remoteAddress = '203.0.113.10') =>
  app.inject({
    method: 'POST',
    url: `/api/agencies/${slug}/invitations`,
    payload: { email, role: 'agent' },
    headers: auth(token),
    remoteAddress,
  });
async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('POST /api/agencies/{slug}/invitations, one address invited again and again', () => {
  it(`mails an address at most ${perAddress} invitations a day, whoever sends them`, async () => {
    const victim = 'invite-flood.victim@example.test';
    const first = await agencyOf('Your account is locked call 02 000 0000');
    const second = await agencyOf('Second Sender Realty');
    // A stranger to the agency is refused (403) before anything is made: it uses none of the address's allowance.
    const stranger = await person();
    for (let i = 0; i < perAddress + 2; i++) {
      expect((await invite(stranger.token, first.slug, victim)).statusCode).toBe(403);
    }
    for (let i = 0; i < perAddress; i++) {
      const sender = i % 2 === 0 ? first : second;
      const res = await invite(sender.admin.token, sender.slug, victim);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const sender of [first, second]) {
      const over = await invite(sender.admin.token, sender.slug, victim);
      expect(over.statusCode).toBe(429);
      expect(ErrorEnvelope.parse(over.json()).success).toBe(false);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await mailsTo(victim)).toHaveLength(perAddress);
    // Other addresses are still invited, and the next day the address may be invited again.
    expect((await invite(first.admin.token, first.slug, 'invite-flood.colleague@example.test')).statusCode).toBe(201);
    const real = app.clock.now;
    app.clock.now = () => new Date(real().getTime() + DAY + 60_000);
    try {
      // The admin's day-long session has ended by then: a new one.
      const fresh = await app.tokens.sign({ id: second.admin.id, sessionVersion: 0 }, false);
      expect((await invite(fresh, second.slug, victim)).statusCode).toBe(201);
      expect(await mailsTo(victim)).toHaveLength(perAddress + 1);
    } finally {
      app.clock.now = real;
    }
  });
});

describe('POST /api/agencies/{slug}/invitations from one network', () => {
  it(`mails at most ${RATE_LIMITS.agencyInvitation.perIp} invitations an hour from one network, whatever the accounts`, async () => {
    const network = '198.51.100.77';
    const perNetwork = RATE_LIMITS.agencyInvitation.perIp;
    const perInviter = RATE_LIMITS.agencyInvitation.perEmail;
    const senders = await Promise.all(
      Array.from({ length: Math.ceil(perNetwork / perInviter) + 1 }, (_, i) => agencyOf(`Network Sender ${i}`)),
    );
    let sent = 0;
    for (const sender of senders) {
      for (let i = 0; i < perInviter && sent < perNetwork; i++, sent++) {
        const res = await invite(sender.admin.token, sender.slug, `net-${sent}@invite-flood.test`, network);
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const last = senders.at(-1);
    if (!last) throw new Error('no sender');
    const over = await invite(last.admin.token, last.slug, 'net-over@invite-flood.test', network);
    expect(over.statusCode).toBe(429);
    // Another network is not held by it.
    expect((await invite(last.admin.token, last.slug, 'net-other@invite-flood.test', '192.0.2.99')).statusCode).toBe(
      201,
    );
  });
});
