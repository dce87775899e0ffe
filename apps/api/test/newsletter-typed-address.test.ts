/**
 * ADR 059 for the newsletter (ADR 055, 058): the footer form and "lost the link?" count the address typed into them
 * per (address, network), an IPv6 network by its /64, so another network's attempts never refuse the person whose
 * address it is, while one network still cannot go past the limit with one address. The mails they send the typed
 * address stay capped per address whoever types it (`newsletterMail`, a day), past which every request still gets the
 * same answer and no mail; the mails the cap let through hold links that work for the owner. The settings' subscribe
 * counts the account's own address: strangers typing it into the footer never spend it.
 */
import { NEWSLETTER_MESSAGES as M } from '@baan/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { consents, jobs, mailOutbox, newsletterPending, newsletterSubscribers } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { MAIL_JOB } from '../src/plugins/infra/mail.ts';
import { build } from './helpers.ts';
import { bearer, post, signUpAndLogin, uniqueEmail } from './support/accounts.ts';
import { newsletterTokenIn } from './support/newsletter.ts';
import { expect429, rowCount, unchangedCounts } from './support/visitors.ts';

const app = await build({ publicUrl: 'https://baan.test' });
/** Requests an hour for one typed address from one network. */
const PAIR = RATE_LIMITS.newsletter.perEmailNetwork;
/** Mails of each kind to one address a day, whoever asks. */
const MAILS = RATE_LIMITS.newsletterMail.perEmail;

let net = 0;
/** A new IPv4 network per call (127.0.0.0/8 is loopback; each address is a network of its own). */
const freshNetwork = () => {
  net += 1;
  return `127.55.${Math.floor(net / 250)}.${(net % 250) + 1}`;
};

/** Mails in the dev outbox to the address, oldest first, once the mail queue has drained. */
async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase())).orderBy(asc(mailOutbox.id));
}
const pendingOf = (email: string) =>
  app.db.select().from(newsletterPending).where(eq(newsletterPending.email, email.toLowerCase()));
const subscriberOf = (email: string) =>
  app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));

/** Reads every table a newsletter request can write; the check answers whether any of them moved. */
const nothingWrittenSince = () => {
  const count = (table: PgTable) => () => rowCount(app, table);
  const outbox = async () => {
    await app.mailer.drain();
    return rowCount(app, mailOutbox);
  };
  // Mail jobs only: on PostgreSQL the app's own scheduler may queue its recurring jobs meanwhile.
  const mailJobs = async () =>
    (await app.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, MAIL_JOB)))[0]?.n ?? 0;
  return unchangedCounts(count(newsletterPending), count(newsletterSubscribers), count(consents), mailJobs, outbox);
};

/** The footer subscription, confirmed with the mailed link: the address is on the list. */
async function subscribed(email: string) {
  expect((await post(app, '/api/newsletter', { email }, {}, freshNetwork())).statusCode).toBe(201);
  const token = newsletterTokenIn((await mailsTo(email)).at(-1)?.text);
  expect((await post(app, '/api/newsletter/confirm', { token }, {}, freshNetwork())).statusCode).toBe(200);
}

type Form = {
  name: string;
  url: string;
  /** The one answer every accepted request gets, whatever the address. */
  status: number;
  answer: (email: string) => object;
  /** Makes the address one the form mails (the unsubscribe link goes to subscribers only). */
  ready: (email: string) => Promise<void>;
  /** The owner uses a link from a mail the form sent: it works. */
  ownerUses: (email: string, text: string) => Promise<void>;
};

const FORMS: Form[] = [
  {
    name: 'the footer form (POST /api/newsletter)',
    url: '/api/newsletter',
    status: 201,
    answer: (email) => ({
      success: true,
      message: M.checkInbox,
      payload: { email: email.toLowerCase(), already_subscribed: false },
    }),
    ready: async () => {},
    ownerUses: async (email, text) => {
      const res = await post(app, '/api/newsletter/confirm', { token: newsletterTokenIn(text) }, {}, freshNetwork());
      expect(res.statusCode, res.body).toBe(200);
      expect(await subscriberOf(email)).toHaveLength(1);
    },
  },
  {
    name: '"lost the link?" (POST /api/newsletter/unsubscribe-link)',
    url: '/api/newsletter/unsubscribe-link',
    status: 200,
    answer: (email) => ({ success: true, message: M.unsubscribeLinkSent, payload: { email: email.toLowerCase() } }),
    ready: subscribed,
    ownerUses: async (email, text) => {
      const token = /\/newsletter\/unsubscribe\?token=([0-9]+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1];
      const res = await post(app, '/api/newsletter/unsubscribe', { token }, {}, freshNetwork());
      expect([res.statusCode, (res.json() as { payload: unknown }).payload]).toEqual([200, { result: 'unsubscribed' }]);
      expect(await subscriberOf(email)).toEqual([]);
    },
  },
];

describe.each(FORMS)('$name counts a typed address per network (ADR 059)', (form) => {
  const submit = (email: string, from: string) => post(app, form.url, { email }, {}, from);
  const expectAnswered = (res: LightMyRequestResponse, email: string) =>
    expect([res.statusCode, res.json()]).toEqual([form.status, form.answer(email)]);

  it('one network: the limit passes, the next is 429 writing and mailing nothing; another network is answered', async () => {
    const email = uniqueEmail('pair');
    await form.ready(email);
    const from = freshNetwork();
    for (let i = 0; i < PAIR; i++) expectAnswered(await submit(email, from), email);
    const nothingWritten = await nothingWrittenSince();
    // The same address in other letters, with spaces around it, is the same address.
    expect429(await submit(` ${email.toUpperCase()} `, from));
    await nothingWritten();
    // The person whose address it is, on their own network, is not refused.
    expectAnswered(await submit(email, freshNetwork()), email);
    // Counted under the (address, network) pair only (the refused attempt too), as the Redis store keys it
    // (redis-rate-limit.test.ts); the address alone, which the settings' subscribe counts, not at all.
    const counters = app.rateLimit.counters();
    expect((await counters.peek(`newsletter:email-net:${email}:${from}`)).count).toBe(PAIR + 1);
    expect((await counters.peek(`newsletter:email:${email}`)).count).toBe(0);
  });

  it('counts the addresses of one IPv6 /64 as one network, and the next /64 as another', async () => {
    const email = uniqueEmail('v6');
    await form.ready(email);
    const prefix = `2001:db8:55:${FORMS.indexOf(form) + 1}`;
    for (let i = 0; i < PAIR; i++) expectAnswered(await submit(email, `${prefix}::${i + 1}`), email);
    const nothingWritten = await nothingWrittenSince();
    expect429(await submit(email, `${prefix}:ffff:ffff:ffff:ffff`));
    await nothingWritten();
    expectAnswered(await submit(email, `2001:db8:55:${FORMS.indexOf(form) + 11}::1`), email);
    expect((await app.rateLimit.counters().peek(`newsletter:email-net:${email}:${prefix}::/64`)).count).toBe(PAIR + 1);
  });

  it('many networks typing one address: every request gets the same answer, the mails to it stop at the cap', async () => {
    const victim = uniqueEmail('victim');
    await form.ready(victim);
    const mailedBefore = (await mailsTo(victim)).length;
    const pendingBefore = (await pendingOf(victim)).length;
    // More requests than one network may send, each from a network of its own: none is refused.
    for (let i = 0; i < PAIR + 3; i++) expectAnswered(await submit(victim, freshNetwork()), victim);
    const mails = (await mailsTo(victim)).slice(mailedBefore);
    expect(mails).toHaveLength(MAILS);
    // Past the cap nothing is stored for the address either (a footer request stores its link with its mail).
    const stored = form.url === '/api/newsletter' ? MAILS : 0;
    expect((await pendingOf(victim)).length - pendingBefore).toBe(stored);
    // An address nobody typed gets the same answer, so the answers tell no one where the cap was reached.
    const other = uniqueEmail('other');
    expectAnswered(await submit(other, freshNetwork()), other);
    // The mails the cap let through went to the owner's mailbox, and their links work.
    await form.ownerUses(victim, mails[0]?.text ?? '');
  });
});

describe("the settings' subscribe counts the account's own address (PUT /api/user/consents/newsletter)", () => {
  it("strangers typing the account's address into the footer form never spend it", async () => {
    const { email, token } = await signUpAndLogin(app, uniqueEmail('account'));
    // One network up to its 429, then many networks: what used to use up the address's hour.
    const from = freshNetwork();
    for (let i = 0; i < PAIR; i++)
      expect((await post(app, '/api/newsletter', { email }, {}, from)).statusCode).toBe(201);
    expect429(await post(app, '/api/newsletter', { email }, {}, from));
    for (let i = 0; i < PAIR; i++) {
      expect((await post(app, '/api/newsletter', { email }, {}, freshNetwork())).statusCode).toBe(201);
    }
    const on = await app.inject({ method: 'PUT', url: '/api/user/consents/newsletter', headers: bearer(token) });
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json() as { payload: { newsletter: boolean } }).payload.newsletter).toBe(true);
    expect(await subscriberOf(email)).toHaveLength(1);
  });
});
