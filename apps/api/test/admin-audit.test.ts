import { AuditPageResponse, PAYMENT_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, payments, users } from '../src/db/schema.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditCount, auditRows, bearer, json, makePendingQrPayment } from './support/admin.ts';

const app = await build();
const admin = await createUser(app, { email: 'auditor@audit.test', role: 'admin' });
const payer = await createUser(app, { email: 'payer@audit.test' });
const headers = bearer(admin.token);
const [starter] = await app.db.select().from(packages).where(eq(packages.name, 'Starter'));
if (!starter) throw new Error('no Starter tier');
const auditPage = async (query = '') =>
  AuditPageResponse.parse(json(await app.inject({ url: `/api/admin/audit${query}`, headers }))).payload;

describe('existing admin actions are audited', () => {
  it('approving a payment writes payment.approve with {amount, user_id}', async () => {
    const payment = await makePendingQrPayment(app, payer.id, 'TX-AUDIT-1');
    const res = await app.inject({ method: 'POST', url: `/api/admin/payments/${payment.id}/approve`, headers });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(app, 'payment.approve', payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'payment',
      details: { amount: payment.amount, user_id: payer.id },
    });
    const [entry] = (await auditPage('?action=payment.approve')).items;
    expect(entry).toMatchObject({ action: 'payment.approve', target_type: 'payment', target_id: payment.id });
  });

  it('rejecting a payment writes payment.reject with the reason', async () => {
    const payment = await makePendingQrPayment(app, payer.id, 'TX-AUDIT-2');
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/reject`,
      headers,
      payload: { reason: 'The amount on the slip is wrong.' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(app, 'payment.reject', payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ reason: 'The amount on the slip is wrong.', user_id: payer.id });
  });

  it('a refused review (own payment, not pending) writes nothing', async () => {
    const before = await auditCount(app);
    const own = await makePendingQrPayment(app, admin.id, 'TX-AUDIT-3');
    const self = await app.inject({ method: 'POST', url: `/api/admin/payments/${own.id}/approve`, headers });
    expect(self.statusCode).toBe(403);
    expect(json(self).message).toBe(PAYMENT_MESSAGES.cannotReviewOwn);
    const [done] = await app.db.select().from(payments).where(eq(payments.transactionId, 'TX-AUDIT-1'));
    const twice = await app.inject({ method: 'POST', url: `/api/admin/payments/${done?.id}/approve`, headers });
    expect(twice.statusCode).toBe(409);
    expect(await auditCount(app)).toBe(before);
  });

  it('granting a subscription (POST /api/subscriptions) writes subscription.grant', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: { user_id: payer.id, package_id: starter.id, amount: 0, payment_method: 'goodwill' },
    });
    expect(res.statusCode).toBe(201);
    const subscription = json(res).payload;
    const rows = await auditRows(app, 'subscription.grant', subscription.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'subscription',
      details: { user_id: payer.id, package_id: starter.id, amount: 0 },
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: { user_id: 999999, package_id: starter.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(await auditRows(app, 'subscription.grant', null)).toHaveLength(1);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists newest first, filters by action, pages', async () => {
    const page = await auditPage();
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.action)).toEqual(['subscription.grant', 'payment.reject', 'payment.approve']);
    expect(page.items.every((e) => e.actor_id === admin.id && e.actor_email === admin.email)).toBe(true);
    expect((await auditPage('?action=payment.reject')).items.map((e) => e.action)).toEqual(['payment.reject']);
    expect((await auditPage('?action=user.disable')).items).toEqual([]);
    const second = await auditPage('?per_page=1&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, per_page: 1 });
    expect(second.items.map((e) => e.action)).toEqual(['payment.reject']);
  });

  it('keeps the actor e-mail when the admin account is gone', async () => {
    const other = await createUser(app, { email: 'temp-admin@audit.test', role: 'admin' });
    const payment = await makePendingQrPayment(app, payer.id, 'TX-AUDIT-4');
    await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/reject`,
      headers: bearer(other.token),
      payload: { reason: 'Duplicate' },
    });
    // Reviewed payments still point at the reviewer; clear that first, as an account deletion would have to.
    await app.db.update(payments).set({ reviewedBy: null }).where(eq(payments.reviewedBy, other.id));
    await app.db.delete(users).where(eq(users.id, other.id));
    const [entry] = (await auditPage('?action=payment.reject')).items;
    expect(entry).toMatchObject({ actor_id: null, actor_email: 'temp-admin@audit.test', target_id: payment.id });
  });

  it('answers 400 for an unknown action or bad paging', async () => {
    const res = await app.inject({ url: '/api/admin/audit?action=user.delete&per_page=0', headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res).errors).sort()).toEqual(['action', 'per_page']);
  });
});
