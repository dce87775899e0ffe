import type {
  AdminJob,
  AdminPackage,
  AdminPayment,
  AdminProperty,
  AdminUser,
  AuditEntry,
  ContactMessage,
} from '@baan/contract';
import { jsonResponse, type Route, stubFetch } from '../../../test/http';
import { makeProperty } from '../../../test/properties';

export { jsonResponse, stubFetch };

export const ok = (payload: unknown, message?: string) => jsonResponse(200, { success: true, message, payload });

/** GET path → payload. */
export const get =
  (path: string, payload: ((url: URL) => unknown) | readonly unknown[] | Record<string, unknown>): Route =>
  (request, url) =>
    request.method === 'GET' && url.pathname === path
      ? ok(typeof payload === 'function' ? payload(url) : payload)
      : undefined;

export const adminRequests = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname.startsWith('/api/admin'));

export function payment(id: number, overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id,
    user_id: 10 + id,
    package_id: 2,
    amount: 1490,
    method: 'qr',
    status: 'pending',
    provider: 'promptpay',
    provider_reference: null,
    reference: null,
    card_last4: null,
    transaction_id: `TX-${id}000`,
    receipt_url: `/api/payments/${id}/receipt`,
    failure_reason: null,
    reviewed_by: null,
    reviewed_at: null,
    reject_reason: null,
    billing: null,
    created_at: '2026-11-20T09:30:00.000Z',
    user: { id: 10 + id, name: `Payer ${id}`, email: `payer${id}@example.com` },
    package: { id: 2, name: 'Premium' },
    matches: [],
    ...overrides,
  };
}

export function property(id: number, overrides: Partial<AdminProperty> = {}): AdminProperty {
  return {
    ...makeProperty(id, {
      title: `Riverside condo ${id}`,
      description: 'A condo',
      type: 'sale',
      location: 'Bangkok',
      lat: null,
      lon: null,
      price: 3_500_000,
      area: 50,
      bed_rooms: 1,
      level: 10,
      created_at: '2026-11-01T00:00:00.000Z',
    }),
    owner: { id: 7, name: 'Owner Seven', email: 'owner7@example.com', disabled: false },
    inquiry_count: 2,
    review: 'approved',
    review_reasons: [],
    review_note: null,
    pending_edit: null,
    ...overrides,
  };
}

export function adminUser(id: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    name: `Member ${id}`,
    email: `member${id}@example.com`,
    role: 'user',
    phone_number: null,
    company_name: null,
    email_verified: true,
    disabled: false,
    disabled_at: null,
    created_at: '2026-10-01T00:00:00.000Z',
    listing_count: 3,
    subscription: { is_active: 1, package_id: 2, ends_at: '2026-12-20T00:00:00.000Z', package_name: 'Premium' },
    ...overrides,
  };
}

export function adminPackage(id: number, overrides: Partial<AdminPackage> = {}): AdminPackage {
  return {
    id,
    name: `Package ${id}`,
    price: 490,
    duration_days: 30,
    features: ['unlimitedListings'],
    featured_quota: 5,
    retired: false,
    retired_at: null,
    active_subscriptions: 4,
    ...overrides,
  };
}

export const contactMessage = (id: number, overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: 'Visitor',
  email: 'visitor@example.com',
  subject: `Question ${id}`,
  message: 'Do you list land in Chiang Mai?',
  language: 'en',
  created_at: '2026-11-19T08:00:00.000Z',
  ...overrides,
});

export const auditEntry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actor_id: 1,
  actor_email: 'admin@baan.example',
  action: 'payment.reject',
  target_type: 'payment',
  target_id: 5,
  details: { reason: 'Blurry receipt' },
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** A mail that failed on every attempt (the list's default state). */
export const job = (id: number, overrides: Partial<AdminJob> = {}): AdminJob => ({
  id,
  kind: 'mail.send',
  state: 'dead',
  attempts: 12,
  max_attempts: 12,
  last_error: 'Error: connect ECONNREFUSED 127.0.0.1:9',
  to: `member${id}@example.com`,
  subject: 'Your Baan sign-up code',
  run_at: '2026-11-20T09:00:00.000Z',
  created_at: '2026-11-20T08:00:00.000Z',
  finished_at: '2026-11-20T09:00:05.000Z',
  ...overrides,
});

export const page = <T>(items: T[], total = items.length) => ({ items, total, page: 1, per_page: 20 });
