import { ErrorEnvelope, NEWSLETTER_MESSAGES } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterPending } from '../src/db/schema.ts';
import { build } from './helpers.ts';
import { nextIp, send, visitorEmail } from './support/visitors.ts';

const app = await build();
const count = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterPending))[0]?.n ?? 0;

describe('POST /api/newsletter spam limits', () => {
  it('answers the same either way (nobody learns who subscribed): 201 both times, each a link waiting (ADR 055)', async () => {
    const email = visitorEmail('twice');
    const before = await count();
    const first = await send(app, '/api/newsletter', { email });
    const again = await send(app, '/api/newsletter', { email: email.toUpperCase() });
    const expected = {
      success: true,
      message: NEWSLETTER_MESSAGES.checkInbox,
      payload: { email: email.toLowerCase(), already_subscribed: false },
    };
    expect([first.statusCode, first.json()]).toEqual([201, expected]);
    expect([again.statusCode, again.json()]).toEqual([201, expected]);
    // Nothing is subscribed before a link is confirmed; a repeat mails another link (within the daily mail limit).
    expect(await count()).toBe(before + 2);
  });

  it('answers 429 with Retry-After after 10 subscriptions from one address, subscribing nothing more', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await send(app, '/api/newsletter', { email: visitorEmail() }, { ip })).statusCode).toBe(201);
    const before = await count();
    const limited = await send(app, '/api/newsletter', { email: visitorEmail('late') }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorEnvelope.parse(limited.json()).message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(await count()).toBe(before);
    expect((await send(app, '/api/newsletter', { email: visitorEmail() })).statusCode).toBe(201);
  });

  it('answers 429 after 5 requests for one e-mail address from one network; another network is not refused (ADR 059)', async () => {
    const email = visitorEmail('hammered');
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(app, '/api/newsletter', { email }, { ip })).statusCode).toBe(201);
    const before = await count();
    const limited = await send(app, '/api/newsletter', { email: ` ${email.toUpperCase()} ` }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await count()).toBe(before);
    expect((await send(app, '/api/newsletter', { email })).statusCode).toBe(201);
  });
});
