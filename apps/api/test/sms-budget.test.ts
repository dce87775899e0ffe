import { AUTH_ERROR_CODES, ErrorEnvelope, PHONE_MESSAGES } from '@baan/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { jobs, mailOutbox, otpCodes, packages, payments, smsBudgetCounts, users } from '../src/db/schema.ts';
import { SMS_JOB } from '../src/services/accounts/phone-verification.ts';
import { callingCode, deleteOldSmsBudgetCounts, openShare } from '../src/services/sms/sms-budget.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { phoneCalls } from './support/phone-calls.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * The budget of verification SMS by destination (ADR 056) on the demo SMS provider (the local fake: its SMS land in
 * mail_outbox once the job runs). Small figures so a test can spend them: a new account may spend half of each.
 */
const BUDGET = {
  home: { hour: 6, day: 40 },
  country: { hour: 4, day: 6 },
  abroad: { hour: 30, day: 100 },
  countries: {},
  reservedPercent: 50,
  establishedDays: 30,
};

describe('the SMS budget by destination (ADR 056)', async () => {
  const app = await build({ smsBudget: BUDGET });
  // Monday 4 March 2030, 10:00:05 UTC: the hour and day windows are UTC.
  let now = new Date('2030-03-04T10:00:05Z');
  app.clock.now = () => now;

  let seq = 0;
  let net = 0;
  const newNetwork = () => `10.91.${Math.floor(++net / 250)}.${(net % 250) + 1}`;
  /** An account verified `verifiedDaysAgo` days before the test clock (0: a new account). */
  const account = async (verifiedDaysAgo = 0) => {
    const user = await createUser(app, { email: `budget-${++seq}@example.com` });
    await app.db
      .update(users)
      .set({ emailVerifiedAt: new Date(now.getTime() - verifiedDaysAgo * DAY) })
      .where(eq(users.id, user.id));
    return user;
  };
  const { send, verify, smsTo, sentCode: codeOf } = phoneCalls(app, newNetwork);
  const expectBudgetSpent = (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode, res.body).toBe(429);
    const envelope = ErrorEnvelope.parse(res.json());
    expect(envelope.message).toBe(PHONE_MESSAGES.budgetSpent);
    expect(envelope.code).toBe(AUTH_ERROR_CODES.smsBudgetSpent);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    return Number(res.headers['retry-after']);
  };
  const ukNumber = (n: number) => `+44 7700 9${String(n).padStart(5, '0')}`;
  const ukE164 = (n: number) => `+4477009${String(n).padStart(5, '0')}`;

  it('reads the calling code of every kind of number', () => {
    expect(callingCode('+66812345678')).toBe('66');
    expect(callingCode('+447700900001')).toBe('44');
    expect(callingCode('+12025550123')).toBe('1');
    expect(callingCode('+79161234567')).toBe('7');
    expect(callingCode('+8551234567')).toBe('855');
    expect(callingCode('+95912345678')).toBe('95');
    expect(callingCode('+959')).toBe('95');
    expect(openShare(4, 50)).toBe(2);
    expect(openShare(5, 25)).toBe(3);
    expect(openShare(1, 100)).toBe(0);
  });

  // Shared by the tests below, in order: the UK budget is spent by new accounts, then by established ones.
  let firstUser = { id: 0, token: '' };
  const firstNetwork = '10.92.0.1';

  it('new accounts spend the open share; the next is 429 sms_budget_spent, with no code, no job and no SMS', async () => {
    firstUser = await account();
    expect((await send(firstUser.token, ukNumber(1), firstNetwork)).statusCode).toBe(200);
    expect((await send((await account()).token, ukNumber(2))).statusCode).toBe(200);
    expect(await smsTo(ukE164(1))).toHaveLength(1);

    // Another ring account, another network, another number: refused.
    const ring = await account();
    const jobsBefore = (await app.db.select().from(jobs).where(eq(jobs.kind, SMS_JOB))).length;
    const retryAfter = expectBudgetSpent(await send(ring.token, ukNumber(3)));
    // The hour's window ends at 11:00 UTC.
    expect(retryAfter).toBe(HOUR / 1000 - 5);
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.userId, ring.id))).toHaveLength(0);
    expect((await app.db.select().from(jobs).where(eq(jobs.kind, SMS_JOB))).length).toBe(jobsBefore);
    expect(await smsTo(ukE164(3))).toHaveLength(0);
    // Counted nothing: the UK hour still holds the two that were sent.
    const counts = await app.db.select().from(smsBudgetCounts).where(eq(smsBudgetCounts.destination, '44'));
    expect(counts.find((c) => c.window === 'hour')?.count).toBe(2);
  });

  it('a person whose code was already sent can still enter it, even after their own refused resend', async () => {
    const code = await codeOf(ukE164(1));
    expectBudgetSpent(await send(firstUser.token, ukNumber(1), firstNetwork));
    // The refused resend rolled back: the older code was not voided.
    const res = await verify(firstUser.token, code, firstNetwork);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, firstUser.id));
    expect(row?.phoneNumber).toBe(ukE164(1));
  });

  it('Thailand is unaffected by another country being spent', async () => {
    const thai = await account();
    expect((await send(thai.token, '081 234 0001')).statusCode).toBe(200);
    expect(await smsTo('+66812340001')).toHaveLength(1);
  });

  it('established accounts draw on the reserved share: an old e-mail and a paid package; then it is spent for them too', async () => {
    const old = await account(31);
    expect((await send(old.token, ukNumber(4))).statusCode).toBe(200);
    const payer = await account();
    const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
    if (!pkg) throw new Error('no package');
    await app.db.insert(payments).values({
      userId: payer.id,
      packageId: pkg.id,
      amount: pkg.price,
      method: 'card',
      status: 'paid',
      provider: 'test',
    });
    expect((await send(payer.token, ukNumber(5))).statusCode).toBe(200);
    expect(await smsTo(ukE164(5))).toHaveLength(1);
    // A 29-day-old e-mail is not old enough.
    expectBudgetSpent(await send((await account(29)).token, ukNumber(6)));
    // The whole hour is spent now, reserve included.
    expectBudgetSpent(await send((await account(90)).token, ukNumber(7)));
  });

  it('the hour window resets; then the day, which caught up meanwhile, refuses until the next day', async () => {
    now = new Date('2030-03-04T11:00:05Z');
    // Day: 4 sent of 6; the open share of the day is 3, so a new account is refused by the day now.
    expectBudgetSpent(await send((await account()).token, ukNumber(8)));
    // An established account still has the day's reserve: 2 more.
    expect((await send((await account(60)).token, ukNumber(9))).statusCode).toBe(200);
    expect((await send((await account(60)).token, ukNumber(10))).statusCode).toBe(200);
    const retryAfter = expectBudgetSpent(await send((await account(60)).token, ukNumber(11)));
    // The day's window ends at midnight UTC.
    expect(retryAfter).toBe(13 * 3600 - 5);

    now = new Date('2030-03-05T00:00:01Z');
    expect((await send((await account()).token, ukNumber(12))).statusCode).toBe(200);
    expect(await smsTo(ukE164(12))).toHaveLength(1);
  });

  it('counts abroad together, and the daily clean-up drops windows older than two days', async () => {
    const rows = await app.db.select().from(smsBudgetCounts).where(eq(smsBudgetCounts.destination, 'abroad'));
    expect(rows.reduce((n, r) => n + (r.window === 'day' ? r.count : 0), 0)).toBe(7);
    now = new Date('2030-03-07T12:00:00Z');
    expect(await deleteOldSmsBudgetCounts(app.db, now)).toBeGreaterThan(0);
    expect(
      (await app.db.select().from(smsBudgetCounts)).every((r) => r.windowStart.getTime() >= now.getTime() - 2 * DAY),
    ).toBe(true);
  });
});

describe('a calling code with a budget of its own (SMS_BUDGET_COUNTRIES)', async () => {
  const app = await build({
    smsBudget: {
      ...BUDGET,
      country: { hour: 1, day: 1 },
      countries: { '95': { hour: 3, day: 5 } },
      reservedPercent: 0,
    },
  });
  app.clock.now = () => new Date('2030-03-04T10:00:05Z');
  let net = 0;
  const { send } = phoneCalls(app, () => `10.94.0.${++net}`);
  const fresh = async (i: number) => (await createUser(app, { email: `own-budget-${i}@example.com` })).token;

  it('Myanmar spends its own 3 an hour where another country stops at the default 1', async () => {
    for (let i = 0; i < 3; i++) expect((await send(await fresh(i), `+95 9 212 345${i}`)).statusCode).toBe(200);
    expect((await send(await fresh(3), '+95 9 212 3459')).statusCode).toBe(429);
    expect((await send(await fresh(4), '+44 7700 900101')).statusCode).toBe(200);
    expect((await send(await fresh(5), '+44 7700 900102')).statusCode).toBe(429);
    const counts = await app.db.select().from(smsBudgetCounts);
    expect(counts.find((r) => r.destination === '95' && r.window === 'hour')?.count).toBe(3);
    expect(counts.find((r) => r.destination === '44' && r.window === 'hour')?.count).toBe(1);
  });
});

describe('the SMS budget figures from the environment', () => {
  it('reads the calling codes with a budget of their own, "none", and refuses a bad list or Thailand', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).smsBudget.countries['95']).toEqual({ hour: 20, day: 80 });
    expect(loadConfig({ NODE_ENV: 'test', SMS_BUDGET_COUNTRIES: ' 95 = 30/100 , 86=5/9' }).smsBudget.countries).toEqual(
      { '95': { hour: 30, day: 100 }, '86': { hour: 5, day: 9 } },
    );
    expect(loadConfig({ NODE_ENV: 'test', SMS_BUDGET_COUNTRIES: 'none' }).smsBudget.countries).toEqual({});
    for (const bad of ['95', '95=9/1', '66=1/2', '9999=1/2', `${'95=1/2,'.repeat(60)}95=1/2`, '95=1/2;86=1/2'])
      expect(() => loadConfig({ NODE_ENV: 'test', SMS_BUDGET_COUNTRIES: bad }), bad).toThrow(/SMS_BUDGET_COUNTRIES/);
  });

  it('reads "hour/day" and the reserved share, and names every bad variable', () => {
    const config = loadConfig({ NODE_ENV: 'test', SMS_BUDGET_COUNTRY: ' 5 / 20 ', SMS_BUDGET_RESERVED_PERCENT: '10' });
    expect(config.smsBudget).toMatchObject({ country: { hour: 5, day: 20 }, reservedPercent: 10, home: { hour: 600 } });
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        SMS_BUDGET_HOME: 'lots',
        SMS_BUDGET_COUNTRY: '20/5',
        SMS_BUDGET_ABROAD: '1'.repeat(100),
        SMS_BUDGET_RESERVED_PERCENT: '101',
      }),
    ).toThrow(/SMS_BUDGET_HOME[\s\S]*SMS_BUDGET_COUNTRY[\s\S]*SMS_BUDGET_ABROAD[\s\S]*SMS_BUDGET_RESERVED_PERCENT/);
  });
});

describe('the SMS budget across processes: racing sends never pass the cap', async () => {
  const app = await build({
    smsBudget: { ...BUDGET, country: { hour: 3, day: 10 }, reservedPercent: 0 },
  });
  app.clock.now = () => new Date('2030-03-04T10:00:05Z');

  it('of 8 sends racing for a budget of 3, exactly 3 go', async () => {
    const users8 = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser(app, { email: `race-${i}@e.com` })),
    );
    const results = await Promise.all(
      users8.map((u, i) =>
        app.inject({
          method: 'POST',
          url: '/api/user/phone/send-code',
          headers: { authorization: `Bearer ${u.token}` },
          payload: { phone_number: `+33 6 12 34 56 0${i}` },
          remoteAddress: `10.93.0.${i + 1}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    await app.jobs.drain();
    const sent = (await app.db.select().from(mailOutbox)).filter((m) => m.to.startsWith('+336'));
    expect(sent).toHaveLength(3);
  });
});
