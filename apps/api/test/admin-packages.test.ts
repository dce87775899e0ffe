import { ADMIN_MESSAGES, AdminPackageResponse, AdminPackagesResponse, PAYMENT_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages } from '../src/db/schema.ts';
import { ensurePackageTiers } from '../src/services/packages/package-tiers.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditCount, auditRows, bearer, json } from './support/admin.ts';

const app = await build();
const admin = await createUser(app, { email: 'chief@packages.test', role: 'admin' });
const headers = bearer(admin.token);
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const publicIds = async () => (json(await app.inject('/api/packages')).payload as { id: number }[]).map((p) => p.id);
const packageCount = async () => (await app.db.select().from(packages)).length;

describe('GET /api/admin/packages', () => {
  it('lists the tiers with retired flags and active subscription counts', async () => {
    const res = await app.inject({ url: '/api/admin/packages', headers });
    const list = AdminPackagesResponse.parse(json(res)).payload;
    expect(list.map((p) => [p.name, p.price, p.retired, p.active_subscriptions])).toEqual([
      ['Starter', 490, false, 0],
      ['Professional', 1290, false, 0],
      ['Premium', 2990, false, 0],
    ]);
  });
});

describe('create, edit, retire', () => {
  it('creates a package that goes on sale at once (201), audited', async () => {
    const res = await send('POST', '/api/admin/packages', {
      name: '  Agency  ',
      price: 9900,
      features: ['unlimitedListings', 'premiumVisibility'],
    });
    expect(res.statusCode).toBe(201);
    const body = AdminPackageResponse.parse(json(res));
    expect(body.message).toBe(ADMIN_MESSAGES.packageCreated);
    expect(body.payload).toMatchObject({
      name: 'Agency',
      price: 9900,
      duration_days: 30,
      features: ['unlimitedListings', 'premiumVisibility'],
      retired: false,
      retired_at: null,
      active_subscriptions: 0,
    });
    expect(await publicIds()).toContain(body.payload.id);
    const rows = await auditRows(app, 'package.create', body.payload.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'package',
      details: { name: 'Agency', price: 9900 },
    });
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = { packages: await packageCount(), audit: await auditCount(app) };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ price: 100 }, { name: ['The package name is required.'] }],
      [{ name: '   ', price: 100 }, { name: ['The package name is required.'] }],
      [{ name: 'x'.repeat(121), price: 100 }, { name: ['The package name is too long (at most 120 characters).'] }],
      [{ name: 'Cheap', price: -1 }, { price: ['The price cannot be negative.'] }],
      [{ name: 'Cheap', price: 9.5 }, { price: ['The price must be a whole number of baht.'] }],
      [{ name: 'Cheap', price: 100, features: ['freeLunch'] }, { 'features.0': ['Unknown package feature.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await send('POST', '/api/admin/packages', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).errors).toMatchObject(errors);
    }
    const [starter] = await app.db.select().from(packages).where(eq(packages.name, 'Starter'));
    const empty = await send('PATCH', `/api/admin/packages/${starter?.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).errors).toEqual({ _: ['Nothing to change.'] });
    const negative = await send('PATCH', `/api/admin/packages/${starter?.id}`, { price: -5 });
    expect(json(negative).errors).toEqual({ price: ['The price cannot be negative.'] });
    // The probe's blanks once became 0 baht (z.coerce), and 0 sold a package for nothing: every one is a 400 now.
    const REQUIRED = ['The price is required.'];
    const WHOLE = ['The price must be a whole number of baht.'];
    const FREE = [
      'The price must be at least 1 baht. To give an account free access, grant it a subscription instead.',
    ];
    const prices: [unknown, string[]][] = [
      [null, REQUIRED],
      ['', REQUIRED],
      ['   ', REQUIRED],
      [[], REQUIRED],
      [true, WHOLE],
      [false, WHOLE],
      [[5], WHOLE],
      ['1e3', WHOLE],
      ['abc', WHOLE],
      [0, FREE],
      ['0', FREE],
    ];
    for (const [price, message] of prices) {
      for (const [method, url, payload] of [
        ['PATCH', `/api/admin/packages/${starter?.id}`, { price }],
        ['POST', '/api/admin/packages', { name: 'Free lunch', price }],
      ] as const) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${JSON.stringify(price)}`).toBe(400);
        expect(json(res).errors, `${method} ${JSON.stringify(price)}`).toEqual({ price: message });
      }
    }
    const blankQuota = await send('PATCH', `/api/admin/packages/${starter?.id}`, { featured_quota: null });
    expect(json(blankQuota).errors).toEqual({ featured_quota: ['The featured quota must be a whole number.'] });
    expect({ packages: await packageCount(), audit: await auditCount(app) }).toEqual(before);
    const [unchanged] = await app.db.select().from(packages).where(eq(packages.name, 'Starter'));
    expect(unchanged?.price).toBe(490);
    expect(unchanged?.featuredQuota).toBe(0);
  });

  it('takes a price and quota typed as digits, at the limits (1 baht and 10,000,000; quota 0 and 1,000)', async () => {
    const [starter] = await app.db.select().from(packages).where(eq(packages.name, 'Starter'));
    for (const [payload, price, quota] of [
      [{ price: ' 1 ', featured_quota: '0' }, 1, 0],
      [{ price: '10000000', featured_quota: 1000 }, 10_000_000, 1000],
      [{ price: 490, featured_quota: 0 }, 490, 0],
    ] as const) {
      const res = await send('PATCH', `/api/admin/packages/${starter?.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(json(res).payload).toMatchObject({ price, featured_quota: quota });
    }
    const over = await send('PATCH', `/api/admin/packages/${starter?.id}`, { price: 10_000_001, featured_quota: 1001 });
    expect(json(over).errors).toEqual({
      price: ['The price is too high.'],
      featured_quota: ['The featured quota can be at most 1000.'],
    });
  });

  it('edits the name and price; the audit entry holds {from, to} of what changed', async () => {
    const [pro] = await app.db.select().from(packages).where(eq(packages.name, 'Professional'));
    if (!pro) throw new Error('no Professional tier');
    const res = await send('PATCH', `/api/admin/packages/${pro.id}`, {
      name: 'Professional Plus',
      price: 1490,
      features: pro.features,
    });
    expect(res.statusCode).toBe(200);
    expect(AdminPackageResponse.parse(json(res))).toMatchObject({
      message: ADMIN_MESSAGES.packageUpdated,
      payload: { id: pro.id, name: 'Professional Plus', price: 1490 },
    });
    const pub = (json(await app.inject('/api/packages')).payload as { id: number; price: number }[]).find(
      (p) => p.id === pro.id,
    );
    expect(pub?.price).toBe(1490);
    const rows = await auditRows(app, 'package.update', pro.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toEqual({
      name: { from: 'Professional', to: 'Professional Plus' },
      price: { from: 1290, to: 1490 },
    });
  });

  it('retiring takes the package off sale, a subscriber on it stays active, retiring again is 409', async () => {
    const [premium] = await app.db.select().from(packages).where(eq(packages.name, 'Premium'));
    if (!premium) throw new Error('no Premium tier');
    const subscriber = await createUser(app, { email: 'loyal@packages.test' });
    const granted = await send('POST', '/api/subscriptions', { user_id: subscriber.id, package_id: premium.id });
    expect(granted.statusCode).toBe(201);

    const res = await send('DELETE', `/api/admin/packages/${premium.id}`);
    expect(res.statusCode).toBe(200);
    const body = AdminPackageResponse.parse(json(res));
    expect(body.message).toBe(ADMIN_MESSAGES.packageRetiredOk);
    expect(body.payload).toMatchObject({ retired: true, active_subscriptions: 1 });
    expect(body.payload.retired_at).not.toBeNull();

    expect(await publicIds()).not.toContain(premium.id);
    // Not sold any more: neither by card, nor by QR, nor granted.
    const buyer = await createUser(app, { email: 'late@packages.test' });
    const card = await app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: bearer(buyer.token),
      payload: {
        package_id: premium.id,
        cardholder_name: 'Late Buyer',
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
      },
    });
    expect(card.statusCode).toBe(404);
    expect(json(card).message).toBe(PAYMENT_MESSAGES.packageNotFound);
    const grant = await send('POST', '/api/subscriptions', { user_id: buyer.id, package_id: premium.id });
    expect(grant.statusCode).toBe(404);

    const status = json(await app.inject({ url: '/api/user/subscription', headers: bearer(subscriber.token) }));
    expect(status.payload).toMatchObject({ is_active: 1, package_id: premium.id, package_name: 'Premium' });
    expect(
      (await app.inject({ url: '/api/user', headers: bearer(subscriber.token) })).json().payload.subscription,
    ).toMatchObject({ is_active: 1 });

    const list = AdminPackagesResponse.parse(json(await app.inject({ url: '/api/admin/packages', headers }))).payload;
    expect(list.at(-1)).toMatchObject({ id: premium.id, retired: true });

    const again = await send('DELETE', `/api/admin/packages/${premium.id}`);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(ADMIN_MESSAGES.packageRetired);
    expect(await auditRows(app, 'package.retire', premium.id)).toHaveLength(1);
  });

  it('a restart (ensurePackageTiers) neither brings back a retired tier nor re-adds a renamed one', async () => {
    const before = await app.db.select().from(packages);
    expect(await ensurePackageTiers(app.db)).toBe(false);
    const after = await app.db.select().from(packages);
    expect(after).toEqual(before);
    expect(after.filter((p) => p.name === 'Premium')).toHaveLength(1);
    expect(after.find((p) => p.name === 'Premium')?.retiredAt).not.toBeNull();
    expect(after.some((p) => p.name === 'Professional')).toBe(false);
  });

  it('answers 404 for unknown packages and writes nothing', async () => {
    const before = await auditCount(app);
    for (const [method, payload] of [
      ['PATCH', { price: 1 }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of ['999999', 'abc']) {
        const res = await send(method, `/api/admin/packages/${id}`, payload);
        expect(res.statusCode).toBe(404);
        expect(json(res).message).toBe(ADMIN_MESSAGES.packageNotFound);
      }
    }
    expect(await auditCount(app)).toBe(before);
  });
});
