import {
  ADMIN_MESSAGES,
  AdminUserDetailResponse,
  AdminUserPageResponse,
  AdminUserResponse,
  AUTH_MESSAGES,
} from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { PASSWORD, post, signUpAndLogin } from './support/accounts.ts';
import { auditCount, auditRows, bearer, json } from './support/admin.ts';

const app = await build();
const admin = await createUser(app, { email: 'root@users.test', role: 'admin' });
const adminGet = (url: string) => app.inject({ url, headers: bearer(admin.token) });
const adminPost = (url: string) => app.inject({ method: 'POST', url, headers: bearer(admin.token) });

describe('GET /api/admin/users and /api/admin/users/{id}', () => {
  it('lists users newest first with listing count and subscription, searches name, e-mail, phone and #id', async () => {
    const buyer = await createUser(app, { email: 'buyer@users.test' });
    await app.db
      .update(users)
      .set({ phoneNumber: '+66 81 234 5678', name: 'Somsak Buyer' })
      .where(eq(users.id, buyer.id));
    await activateSubscription(app, buyer.id);
    await makeListing(app, buyer.id, { title: 'One' });
    await makeListing(app, buyer.id, { title: 'Two', status: 'hidden' });

    const page = AdminUserPageResponse.parse(json(await adminGet('/api/admin/users'))).payload;
    expect(page.total).toBe(2);
    expect(page.items.map((u) => u.id)).toEqual([buyer.id, admin.id]);
    const listed = page.items[0];
    expect(listed).toMatchObject({
      name: 'Somsak Buyer',
      email: 'buyer@users.test',
      role: 'user',
      phone_number: '+66 81 234 5678',
      email_verified: true,
      disabled: false,
      disabled_at: null,
      listing_count: 2,
      subscription: { is_active: 1, package_name: 'Starter' },
    });
    expect(Date.parse(listed?.subscription.ends_at ?? '')).toBeGreaterThan(Date.now());
    expect(page.items[1]).toMatchObject({
      role: 'admin',
      listing_count: 0,
      subscription: { is_active: 0, package_id: null, package_name: null, ends_at: null },
    });

    const ids = async (q: string) =>
      AdminUserPageResponse.parse(
        json(await adminGet(`/api/admin/users?q=${encodeURIComponent(q)}`)),
      ).payload.items.map((u) => u.id);
    expect(await ids('somsak')).toEqual([buyer.id]);
    expect(await ids('BUYER@users')).toEqual([buyer.id]);
    expect(await ids('234 5678')).toEqual([buyer.id]);
    expect(await ids(`#${admin.id}`)).toEqual([admin.id]);
    expect(await ids('nobody')).toEqual([]);

    const detail = AdminUserDetailResponse.parse(json(await adminGet(`/api/admin/users/${buyer.id}`))).payload;
    expect(detail.listings.map((l) => [l.title, l.status, l.is_featured])).toEqual([
      ['Two', 'hidden', 0],
      ['One', 'active', 0],
    ]);
    expect(detail.subscription.is_active).toBe(1);
  });

  it('answers 404 for an unknown user and 400 for bad paging', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await adminGet(`/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(ADMIN_MESSAGES.userNotFound);
    }
    const bad = await adminGet('/api/admin/users?page=-1&per_page=abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['page', 'per_page']);
  });
});

describe('disable and enable', () => {
  it('a disabled user cannot log in, their token stops working for good, their listings leave search; enable lets them log in again', async () => {
    const person = await signUpAndLogin(app);
    const listing = await makeListing(app, person.userId, { title: 'Disabled owner flat' });
    const inSearch = async () =>
      (json(await app.inject('/api/properties?per_page=100')).payload.items as { id: number }[]).some(
        (p) => p.id === listing.id,
      );
    expect(await inSearch()).toBe(true);
    expect((await app.inject(`/api/property/${listing.id}`)).statusCode).toBe(200);

    const res = await adminPost(`/api/admin/users/${person.userId}/disable`);
    expect(res.statusCode).toBe(200);
    const body = AdminUserResponse.parse(json(res));
    expect(body.message).toBe(ADMIN_MESSAGES.disabled);
    expect(body.payload).toMatchObject({ id: person.userId, disabled: true });
    expect(body.payload.disabled_at).not.toBeNull();

    const login = await post(app, '/api/login', { email: person.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(json(login).message).toBe(AUTH_MESSAGES.disabled);
    const me = await app.inject({ url: '/api/user', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    expect(await inSearch()).toBe(false);
    expect((await app.inject(`/api/property/${listing.id}`)).statusCode).toBe(404);
    // The console still shows the listing, with its owner marked disabled.
    const consoleRow = json(await adminGet(`/api/admin/properties?q=%23${listing.id}`)).payload.items[0];
    expect(consoleRow).toMatchObject({ status: 'active', owner: { disabled: true } });

    const enabled = await adminPost(`/api/admin/users/${person.userId}/enable`);
    expect(json(enabled)).toMatchObject({
      message: ADMIN_MESSAGES.enabled,
      payload: { disabled: false, disabled_at: null },
    });
    // The token from before the disabling stays dead; a fresh login works.
    expect((await app.inject({ url: '/api/user', headers: bearer(person.token) })).statusCode).toBe(401);
    const again = await post(app, '/api/login', { email: person.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: bearer(json(again).payload.token) })).statusCode).toBe(200);
    expect(await inSearch()).toBe(true);
    expect((await app.inject(`/api/property/${listing.id}`)).statusCode).toBe(200);

    const disables = await auditRows(app, 'user.disable', person.userId);
    const enables = await auditRows(app, 'user.enable', person.userId);
    expect(disables).toHaveLength(1);
    expect(enables).toHaveLength(1);
    expect(disables[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'user',
      details: { email: person.email },
    });
    const audit = json(await adminGet('/api/admin/audit')).payload.items as { action: string; target_id: number }[];
    expect(audit.slice(0, 2).map((a) => [a.action, a.target_id])).toEqual([
      ['user.enable', person.userId],
      ['user.disable', person.userId],
    ]);
  });

  it('an admin cannot disable themselves (400), and nothing is written', async () => {
    const before = await auditCount(app);
    const res = await adminPost(`/api/admin/users/${admin.id}/disable`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ success: false, message: ADMIN_MESSAGES.cannotDisableSelf });
    const [row] = await app.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.disabledAt).toBeNull();
    expect(await auditCount(app)).toBe(before);
  });

  it('answers 404 for an unknown user or action', async () => {
    const before = await auditCount(app);
    const res = await adminPost('/api/admin/users/999999/disable');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(ADMIN_MESSAGES.userNotFound);
    const target = await createUser(app, { email: 'target@users.test' });
    expect((await adminPost(`/api/admin/users/${target.id}/ban`)).statusCode).toBe(404);
    expect(await auditCount(app)).toBe(before);
  });
});
