import { readFileSync } from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobs, mailOutbox, packages, payments, properties, subscriptions, users } from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { endDateText } from '../src/services/perks/reminder-mail.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { bearer, json } from './support/admin.ts';

/** What packages sell on listings (ADR 017): premium visibility, featured status and quota, the end reminder. */

const app = await build();
const admin = await createUser(app, { email: 'boss@perks.test', role: 'admin' });
const DAY = 24 * 60 * 60_000;

const tiers = await app.db.select().from(packages).orderBy(asc(packages.price));
const tier = (name: string) => {
  const pkg = tiers.find((p) => p.name === name);
  if (!pkg) throw new Error(`no ${name} package`);
  return pkg;
};
const starter = tier('Starter');
const premium = tier('Premium');

/** An admin grants a period of the package (POST /api/subscriptions). */
async function grant(userId: number, packageId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: bearer(admin.token),
    payload: { user_id: userId, package_id: packageId },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function flags(ids: number[]) {
  const rows = await app.db
    .select({
      id: properties.id,
      featured: properties.isFeatured,
      premium: properties.premium,
      status: properties.status,
      review: properties.review,
    })
    .from(properties)
    .where(inArray(properties.id, ids));
  // In the order asked for: listings made with Promise.all do not get ids in array order.
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error(`listing ${id} not found`);
    const { id: _id, ...rest } = row;
    return rest;
  });
}

/** Runs one of the perks jobs now (or `laterMs` from now), as its schedule would, with whatever else is due. */
async function runJob(kind: 'perks.daily' | 'perks.hourly', laterMs = 0) {
  const realNow = app.clock.now;
  if (laterMs) app.clock.now = () => new Date(realNow().getTime() + laterMs);
  try {
    await enqueueJob(app.db, kind, {}, { runAt: app.clock.now() });
    await app.jobs.drain();
  } finally {
    app.clock.now = realNow;
  }
  const [job] = await app.db
    .select({ state: jobs.state, error: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(asc(jobs.id));
  expect(job?.error ?? null).toBeNull();
}

/** Moves the owner's periods back so that the last one ended `agoMs` ago. */
async function endPackage(userId: number, agoMs: number) {
  const [last] = await app.db
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.endsAt));
  if (!last) throw new Error('no period');
  const shift = last.endsAt.getTime() - (app.clock.now().getTime() - agoMs);
  const periods = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  for (const p of periods)
    await app.db
      .update(subscriptions)
      .set({ startsAt: new Date(p.startsAt.getTime() - shift), endsAt: new Date(p.endsAt.getTime() - shift) })
      .where(eq(subscriptions.id, p.id));
}

describe('premium visibility follows the package at once', () => {
  it('a card payment for Premium marks every listing of the payer premium, in the same transaction', async () => {
    const owner = await createUser(app, { email: 'card-payer@perks.test' });
    const a = await makeListing(app, owner.id);
    const b = await makeListing(app, owner.id, { status: 'sold' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: bearer(owner.token),
      payload: {
        package_id: premium.id,
        cardholder_name: 'Somchai Jaidee',
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: 2035,
        cvc: '123',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await flags([a.id, b.id])).map((f) => f.premium)).toEqual([true, true]);
    // The read cache is cleared by a job queued with the payment (services import no plugin).
    const queued = await app.db.select().from(jobs).where(eq(jobs.kind, 'perks.invalidate'));
    expect(queued.length).toBeGreaterThan(0);
    await app.jobs.drain();
    const [done] = await app.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.kind, 'perks.invalidate'));
    expect(done?.state).toBe('done');
  });

  it("an admin's approval of a PromptPay payment for Premium does too: 30 days from now, then from the running end", async () => {
    const owner = await createUser(app, { email: 'qr-payer@perks.test' });
    const other = await createUser(app, { email: 'qr-bystander@perks.test' });
    const a = await makeListing(app, owner.id);
    const b = await makeListing(app, owner.id, { status: 'paused' });
    const c = await makeListing(app, other.id);
    /** A receipt waiting for review, as POST /api/payment/qr/manual leaves it. */
    const pending = async (transactionId: string) => {
      const [row] = await app.db
        .insert(payments)
        .values({
          userId: owner.id,
          packageId: premium.id,
          amount: premium.price,
          method: 'qr',
          status: 'pending',
          provider: 'promptpay',
          transactionId,
        })
        .returning();
      if (!row) throw new Error('no payment');
      return row.id;
    };
    const approve = async (id: number) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/payments/${id}/approve`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return json(res).payload.subscription as { starts_at: string; ends_at: string };
    };
    const jobsBefore = (await app.db.select().from(jobs).where(eq(jobs.kind, 'perks.invalidate'))).length;
    const before = Date.now();
    const first = await approve(await pending('PERKS-QR-1'));
    // Premium at once (not at the hourly perks run), for every listing of the payer and nobody else's.
    expect((await flags([a.id, b.id, c.id])).map((f) => f.premium)).toEqual([true, true, false]);
    expect((await app.db.select().from(jobs).where(eq(jobs.kind, 'perks.invalidate'))).length).toBeGreaterThan(
      jobsBefore,
    );
    const start = Date.parse(first.starts_at);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(first.ends_at) - start).toBe(30 * DAY);
    // A second approval while that period runs starts where it ends: no day is lost.
    const second = await approve(await pending('PERKS-QR-2'));
    expect(second.starts_at).toBe(first.ends_at);
    expect(Date.parse(second.ends_at) - Date.parse(first.ends_at)).toBe(30 * DAY);
    const periods = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id));
    expect(periods).toHaveLength(2);
  });

  it("an admin's grant of Premium does too; a Starter grant does not", async () => {
    const owner = await createUser(app, { email: 'granted@perks.test' });
    const plain = await createUser(app, { email: 'starter@perks.test' });
    const a = await makeListing(app, owner.id);
    const s = await makeListing(app, plain.id);
    await grant(owner.id, premium.id);
    await grant(plain.id, starter.id);
    expect(await flags([a.id, s.id])).toEqual([
      { featured: false, premium: true, status: 'active', review: 'approved' },
      { featured: false, premium: false, status: 'active', review: 'approved' },
    ]);
  });

  it("a Premium owner's new listing is premium from the start", async () => {
    const owner = await createUser(app, { email: 'lister@perks.test' });
    await grant(owner.id, premium.id);
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      type: 'rent',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'condo',
      location: 'Ari, Phaya Thai, Bangkok',
      title: 'Premium condo',
      description: 'Quiet street.',
      price: '20000',
      area: '40',
      level: '5',
      bed_rooms: '1',
      bath_rooms: '1',
      kitchen: '1',
      floors: '1',
    }))
      fd.append(k, v);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    fd.append('cover_image', new Blob([new Uint8Array(photo)]), 'cover.jpg');
    const res = await app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: bearer(owner.token) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await flags([json(res).payload.id])).toEqual([
      { featured: false, premium: true, status: 'active', review: 'approved' },
    ]);
  });
});

describe('when a package ends', () => {
  it('its listings lose featured status and premium (the hourly pass), and stay published', async () => {
    const owner = await createUser(app, { email: 'ending@perks.test' });
    await grant(owner.id, premium.id);
    const featured = await makeListing(app, owner.id, { isFeatured: true, premium: true });
    const plain = await makeListing(app, owner.id, { premium: true });
    const rented = await makeListing(app, owner.id, { isFeatured: true, premium: true, status: 'rented' });
    // Listings of owners who never had a package (the demo's, featured by an admin) and admins' own are not touched.
    const demoOwner = await createUser(app, { email: 'demo@perks.test' });
    const demo = await makeListing(app, demoOwner.id, { isFeatured: true });
    const adminOwn = await makeListing(app, admin.id, { isFeatured: true });
    expect(json(await app.inject(`/api/property/${featured.id}`)).payload.is_featured).toBe(1);

    await endPackage(owner.id, 30 * 60_000);
    await runJob('perks.hourly');

    expect(await flags([featured.id, plain.id, rented.id])).toEqual([
      { featured: false, premium: false, status: 'active', review: 'approved' },
      { featured: false, premium: false, status: 'active', review: 'approved' },
      { featured: false, premium: false, status: 'rented', review: 'approved' },
    ]);
    expect((await flags([demo.id, adminOwn.id])).map((f) => f.featured)).toEqual([true, true]);
    // Still public, and the public read shows the change (the job cleared the read cache).
    const detail = await app.inject(`/api/property/${featured.id}`);
    expect(detail.statusCode).toBe(200);
    expect(json(detail).payload.is_featured).toBe(0);
  });

  it('the daily pass catches any owner whose package ended, whenever it ended', async () => {
    const owner = await createUser(app, { email: 'long-gone@perks.test' });
    await grant(owner.id, premium.id);
    const listing = await makeListing(app, owner.id, { isFeatured: true, premium: true });
    await endPackage(owner.id, 5 * DAY);
    await runJob('perks.hourly');
    expect((await flags([listing.id]))[0]).toMatchObject({ featured: true, premium: true });
    await runJob('perks.daily');
    expect((await flags([listing.id]))[0]).toMatchObject({ featured: false, premium: false, status: 'active' });
  });

  it('a smaller quota keeps the newest featured listings only (hidden ones do not count)', async () => {
    const [pkg] = await app.db
      .insert(packages)
      .values({ name: 'Trial Pro', price: 100, featuredQuota: 5, features: ['featuredAds'], sortOrder: 9 })
      .returning();
    if (!pkg) throw new Error('no package');
    const owner = await createUser(app, { email: 'shrinking@perks.test' });
    await grant(owner.id, pkg.id);
    const listings = [];
    for (let i = 0; i < 4; i++) listings.push(await makeListing(app, owner.id, { isFeatured: true }));
    const hidden = await makeListing(app, owner.id, { isFeatured: true, status: 'hidden' });
    await runJob('perks.daily');
    expect((await flags(listings.map((l) => l.id))).map((f) => f.featured)).toEqual([true, true, true, true]);

    await app.db.update(packages).set({ featuredQuota: 2 }).where(eq(packages.id, pkg.id));
    await runJob('perks.daily');
    // makeListing makes each newer than the one before: the last two stay featured.
    expect((await flags(listings.map((l) => l.id))).map((f) => f.featured)).toEqual([false, false, true, true]);
    expect((await flags([hidden.id]))[0]?.featured).toBe(true);

    // A Starter period (quota 0) bought on top applies at once when it starts: a grant to an owner with none running.
    const switcher = await createUser(app, { email: 'to-starter@perks.test' });
    const old = await makeListing(app, switcher.id, { isFeatured: true });
    await grant(switcher.id, starter.id);
    expect((await flags([old.id]))[0]?.featured).toBe(false);
  });
});

describe('the reminder 3 days before the end of the last period', () => {
  it('is mailed once, in the owner’s language, with the end date and the renewal link', async () => {
    const now = app.clock.now();
    const period = (userId: number, endsInMs: number, sentAt: Date | null = null) => ({
      userId,
      packageId: premium.id,
      startsAt: new Date(now.getTime() + endsInMs - 30 * DAY),
      endsAt: new Date(now.getTime() + endsInMs),
      amount: premium.price,
      paymentMethod: 'test',
      reminderSentAt: sentAt,
    });
    const thai = await createUser(app, { email: 'thai-reminder@perks.test' });
    await app.db.update(users).set({ language: 'th', name: 'มาลี' }).where(eq(users.id, thai.id));
    const later = await createUser(app, { email: 'later@perks.test' });
    const renewed = await createUser(app, { email: 'renewed@perks.test' });
    await app.db
      .insert(subscriptions)
      .values([
        period(thai.id, 2.5 * DAY),
        period(later.id, 3.5 * DAY),
        period(renewed.id, 2 * DAY),
        period(renewed.id, 32 * DAY),
      ]);
    const mails = async (email: string) => {
      await app.mailer.drain();
      return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    };

    await runJob('perks.hourly');
    const [mail, ...more] = await mails(thai.email);
    expect(more).toEqual([]);
    const endsAt = new Date(now.getTime() + 2.5 * DAY);
    const date = endDateText('th', endsAt);
    expect(date).toMatch(/[\u0E00-\u0E7F]/); // a Thai month name
    expect(mail?.subject).toBe(`แพ็กเกจ Baan ของคุณจะสิ้นสุดในวันที่ ${date}`);
    expect(mail?.text).toContain('สวัสดีคุณ มาลี');
    expect(mail?.text).toContain(`แพ็กเกจ Premium ของคุณจะสิ้นสุดในวันที่ ${date}`);
    expect(mail?.text).toContain(`${app.config.publicUrl}/th/select-package`);
    expect(mail?.html).toContain(`href="${app.config.publicUrl}/th/select-package"`);
    expect(await mails(later.email)).toEqual([]);
    expect(await mails(renewed.email)).toEqual([]);
    const [marked] = await app.db
      .select({ at: subscriptions.reminderSentAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, thai.id));
    expect(marked?.at).not.toBeNull();

    // Not again: the next passes, hourly and daily, send nothing more.
    await runJob('perks.hourly');
    await runJob('perks.daily');
    expect(await mails(thai.email)).toHaveLength(1);

    // A day later the other owner's last period is within 3 days: their reminder, in English.
    await runJob('perks.hourly', DAY);
    const [english] = await mails(later.email);
    expect(english?.subject).toBe(
      `Your Baan package ends on ${endDateText('en', new Date(now.getTime() + 3.5 * DAY))}`,
    );
    expect(english?.text).toContain(`${app.config.publicUrl}/select-package`);
    expect(await mails(thai.email)).toHaveLength(1);
    expect(await mails(renewed.email)).toEqual([]);
    const sent = await app.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, renewed.id)));
    expect(sent).toHaveLength(2);
  });
});

describe('the migration that adds premium (drizzle/0009_owners.sql)', () => {
  it('backfills premium on the listings of owners whose running package sells premium visibility', async () => {
    const migration = readFileSync(new URL('../drizzle/0009_owners.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('UPDATE "properties" SET "premium" = true');

    const period = (userId: number, packageId: number, from: number, to: number) => ({
      userId,
      packageId,
      startsAt: new Date(Date.now() + from * DAY),
      endsAt: new Date(Date.now() + to * DAY),
      amount: 0,
      paymentMethod: 'test',
    });
    const owners = await Promise.all(
      ['running', 'ended', 'starter', 'later'].map((name) => createUser(app, { email: `${name}@backfill.test` })),
    );
    const [running, ended, starterOwner, later] = owners.map((o) => o.id) as [number, number, number, number];
    await app.db
      .insert(subscriptions)
      .values([
        period(running, premium.id, -3, 27),
        period(ended, premium.id, -40, -10),
        period(starterOwner, starter.id, -3, 27),
        period(later, premium.id, 2, 32),
      ]);
    const listings = await Promise.all(owners.map((o) => makeListing(app, o.id, { premium: false })));

    await app.db.execute(sql.raw(backfill));
    expect((await flags(listings.map((l) => l.id))).map((f) => f.premium)).toEqual([true, false, false, false]);
  });
});
