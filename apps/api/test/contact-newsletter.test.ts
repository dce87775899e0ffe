import { ErrorEnvelope } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/db/schema.ts';
import { build } from './helpers.ts';
import { nextIp, send, visitorEmail } from './support/visitors.ts';

const app = await build();
const count = async () =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers))[0]?.n ?? 0;

describe('POST /api/newsletter spam limits', () => {
  it('stays idempotent: 201 both times, "already subscribed" the second, one row', async () => {
    const email = visitorEmail('twice');
    const first = await send(app, '/api/newsletter', { email });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Thanks! You are subscribed.');
    const again = await send(app, '/api/newsletter', { email: email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json().message).toBe('You are already subscribed.');
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

  it('answers 429 after 5 requests for one e-mail address from different addresses', async () => {
    const email = visitorEmail('hammered');
    for (let i = 0; i < 5; i++) expect((await send(app, '/api/newsletter', { email })).statusCode).toBe(201);
    const limited = await send(app, '/api/newsletter', { email: ` ${email.toUpperCase()} ` });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
