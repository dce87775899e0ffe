import { AUTH_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, payments, properties, siteSettings, subscriptions, users, verifications } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditCount, bearer, json, makePendingQrPayment } from './support/admin.ts';
import { registeredRoutes } from './support/routes.ts';

const app = await build();

const owner = await createUser(app, { email: 'owner@access.test' });
const normal = await createUser(app, { email: 'normal@access.test' });
const admin = await createUser(app, { email: 'admin@access.test', role: 'admin' });
const listing = await makeListing(app, owner.id, { title: 'Still here' });
const payment = await makePendingQrPayment(app, owner.id, 'TX-ACCESS-1');
const [pkg] = await app.db.select().from(packages).limit(1);
if (!pkg) throw new Error('no package');
// A waiting title deed check with its private document (ADR 032).
await app.storage.put('private/verifications/access-test.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
const [check] = await app.db
  .insert(verifications)
  .values({
    kind: 'listing',
    userId: owner.id,
    propertyId: listing.id,
    number: '1234',
    documentKey: 'private/verifications/access-test.pdf',
  })
  .returning();
if (!check) throw new Error('no verification');

type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> };

/** Every /api/admin route, with input that would succeed for an admin. */
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/admin/payments?status=pending' },
  { method: 'POST', url: `/api/admin/payments/${payment.id}/approve` },
  { method: 'POST', url: `/api/admin/payments/${payment.id}/reject`, payload: { reason: 'Blurry receipt' } },
  { method: 'GET', url: '/api/admin/properties?status=all' },
  { method: 'POST', url: `/api/admin/properties/${listing.id}/hide` },
  { method: 'POST', url: `/api/admin/properties/${listing.id}/show` },
  { method: 'POST', url: `/api/admin/properties/${listing.id}/feature` },
  { method: 'POST', url: `/api/admin/properties/${listing.id}/unfeature` },
  { method: 'POST', url: `/api/admin/properties/${listing.id}/approve` },
  {
    method: 'POST',
    url: `/api/admin/properties/${listing.id}/reject`,
    payload: { reason: 'Photos of another listing' },
  },
  { method: 'DELETE', url: `/api/admin/properties/${listing.id}` },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: `/api/admin/users/${owner.id}` },
  { method: 'POST', url: `/api/admin/users/${owner.id}/disable` },
  { method: 'POST', url: `/api/admin/users/${owner.id}/enable` },
  { method: 'GET', url: '/api/admin/packages' },
  { method: 'POST', url: '/api/admin/packages', payload: { name: 'Sneaky', price: 1, features: [] } },
  { method: 'PATCH', url: `/api/admin/packages/${pkg.id}`, payload: { price: 1 } },
  { method: 'DELETE', url: `/api/admin/packages/${pkg.id}` },
  { method: 'GET', url: '/api/admin/messages?kind=contact' },
  { method: 'GET', url: '/api/admin/messages.csv?kind=contact' },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/jobs?state=dead' },
  { method: 'POST', url: '/api/admin/jobs/1/retry' },
  { method: 'GET', url: '/api/admin/privacy-requests?type=deletion' },
  { method: 'GET', url: '/api/admin/settings/home' },
  { method: 'PUT', url: '/api/admin/settings/home', payload: { hero_title: { en: 'Sneaky headline' } } },
  { method: 'GET', url: '/api/admin/projects' },
  { method: 'POST', url: '/api/admin/projects', payload: { name_en: 'Sneaky Tower' } },
  { method: 'PATCH', url: '/api/admin/projects/1', payload: { name_en: 'Sneaky Tower' } },
  { method: 'DELETE', url: '/api/admin/projects/1' },
  { method: 'POST', url: '/api/admin/projects/1/approve' },
  { method: 'POST', url: '/api/admin/projects/1/merge', payload: { into_id: 2 } },
  { method: 'GET', url: '/api/admin/verifications?status=pending' },
  { method: 'GET', url: `/api/admin/verifications/${check.id}/document` },
  { method: 'POST', url: `/api/admin/verifications/${check.id}/approve` },
  { method: 'POST', url: `/api/admin/verifications/${check.id}/reject`, payload: { reason: 'Blurry deed' } },
  // Admin-only, though not under /api/admin: granting a subscription without a payment.
  { method: 'POST', url: '/api/subscriptions', payload: { user_id: owner.id, package_id: pkg.id } },
];

async function snapshot() {
  const [l] = await app.db.select().from(properties).where(eq(properties.id, listing.id));
  const [u] = await app.db.select().from(users).where(eq(users.id, owner.id));
  const [p] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
  const pk = await app.db.select().from(packages);
  const subs = await app.db.select().from(subscriptions);
  const checks = await app.db.select().from(verifications);
  return {
    verifications: checks.map((c) => [c.id, c.status, c.reason]),
    listing: l && {
      status: l.status,
      featured: l.isFeatured,
      review: l.review,
      note: l.reviewNote,
      verified: l.verified,
    },
    ownerDisabled: u?.disabledAt ?? null,
    payment: p?.status,
    packages: pk.map((x) => [x.id, x.name, x.price, x.retiredAt]),
    subscriptions: subs.length,
    settings: await app.db.select().from(siteSettings),
    audit: await auditCount(app),
  };
}

describe('every /api/admin route is for admins only', () => {
  const before = snapshot();

  it('the table below names every registered /api/admin route', () => {
    const registered = registeredRoutes(app, '/api/admin');
    expect(registered.length).toBeGreaterThanOrEqual(16);
    const covered = new Set(
      ROUTES.map(
        (r) =>
          `${r.method} ${r.url
            .split('?')[0]
            ?.replace(/\/\d+/g, '/:id')
            .replace(/\/:id\/(hide|show|feature|unfeature|disable|enable)$/, '/:id/:action')
            .replace(/^\/api\/admin\/properties\/:id\/approve$/, '/api/admin/properties/:id/:action')}`,
      ),
    );
    expect(registered.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(ROUTES)('$method $url: 401 without a token', async (route) => {
    const res = await app.inject({ ...route });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ success: false, message: AUTH_MESSAGES.loginRequired });
  });

  it.each(ROUTES)('$method $url: 401 with a forged token', async (route) => {
    const res = await app.inject({ ...route, headers: bearer(`${normal.token.slice(0, -4)}AAAA`) });
    expect(res.statusCode).toBe(401);
  });

  it.each(ROUTES)('$method $url: 403 for a normal user', async (route) => {
    const res = await app.inject({ ...route, headers: bearer(normal.token) });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ success: false, message: AUTH_MESSAGES.adminOnly });
  });

  it('changed nothing: listing still active and unfeatured, payment pending, packages and audit log as they were', async () => {
    const after = await snapshot();
    expect(after).toEqual(await before);
    expect(after.listing).toEqual({
      status: 'active',
      featured: false,
      review: 'approved',
      note: null,
      verified: false,
    });
    expect(after.verifications).toEqual([[check.id, 'pending', null]]);
    expect(after.payment).toBe('pending');
    expect(after.audit).toBe(0);
    expect(after.subscriptions).toBe(0);
    const res = await app.inject(`/api/property/${listing.id}`);
    expect(res.statusCode).toBe(200);
  });

  it('an admin does get through (the same table, read-only routes)', async () => {
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const res = await app.inject({ ...route, headers: bearer(admin.token) });
      expect(res.statusCode, route.url).toBe(200);
    }
  });

  it('unknown actions under /api/admin still ask for a token first, then 404', async () => {
    const audited = await auditCount(app);
    expect((await app.inject({ method: 'POST', url: `/api/admin/properties/${listing.id}/explode` })).statusCode).toBe(
      401,
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/properties/${listing.id}/explode`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(404);
    const user = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.id}/delete`,
      headers: bearer(admin.token),
    });
    expect(user.statusCode).toBe(404);
    expect(await auditCount(app)).toBe(audited);
  });
});
