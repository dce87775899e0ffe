import {
  ADMIN_MESSAGES,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUsersQuery,
} from '@baan/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { subscriptionStandings } from '../subscriptions/get-subscription-status.ts';
import { consoleSearch, pageWindow } from './search.ts';

type UserRow = typeof users.$inferSelect;

/** A deleted account's row stays only as the anonymous payer of its payments (ADR 023): the console has no user there. */
const isAccount = isNull(users.deletedAt);

// Correlated sub-selects spell the tables out: drizzle writes a column of a single-table select
// without its table name, which inside the sub-select would name the inner table's column.
const listingCount = sql<number>`(select count(*)::int from properties p where p.user_id = users.id)`;

/** Each user's subscription now, computed from their periods' dates as everywhere else. */
async function subscriptionsOf(db: Db, userIds: number[], now: Date): Promise<Map<number, AdminUser['subscription']>> {
  const standings = await subscriptionStandings(db, userIds, now);
  const result = new Map<number, AdminUser['subscription']>();
  for (const [id, standing] of standings) {
    result.set(id, {
      is_active: standing ? 1 : 0,
      package_id: standing?.current.packageId ?? null,
      package_name: standing?.current.packageName ?? null,
      ends_at: standing?.endsAt.toISOString() ?? null,
    });
  }
  return result;
}

const NO_SUBSCRIPTION: AdminUser['subscription'] = {
  is_active: 0,
  package_id: null,
  package_name: null,
  ends_at: null,
};

function toAdminUser(row: UserRow, count: number, subscription: AdminUser['subscription'] | undefined): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone_number: row.phoneNumber,
    company_name: row.companyName,
    email_verified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    listing_count: count,
    subscription: subscription ?? NO_SUBSCRIPTION,
  };
}

async function loadAdminUsers(
  db: Db,
  where: SQL | undefined,
  now: Date,
  window?: { limit: number; offset: number },
): Promise<AdminUser[]> {
  const query = db
    .select({ user: users, listingCount })
    .from(users)
    .where(and(where, isAccount))
    .orderBy(desc(users.createdAt), desc(users.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  const subs = await subscriptionsOf(
    db,
    rows.map((r) => r.user.id),
    now,
  );
  return rows.map((r) => toAdminUser(r.user, r.listingCount, subs.get(r.user.id)));
}

/** GET /api/admin/users: newest first; q matches name, e-mail, phone or #id. */
export async function listAdminUsers(db: Db, query: AdminUsersQuery, now: Date): Promise<AdminUserPage> {
  const where = consoleSearch(query.q, users.id, [users.name, users.email, users.phoneNumber]);
  const [items, [total]] = await Promise.all([
    loadAdminUsers(db, where, now, pageWindow(query.page, query.per_page)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(where, isAccount)),
  ]);
  return { items, total: total?.n ?? 0, page: query.page, per_page: query.per_page };
}

/** One user as the console lists them; 404 when unknown. */
export async function getAdminUser(db: Db, id: number, now: Date): Promise<AdminUser> {
  const [user] = await loadAdminUsers(db, eq(users.id, id), now);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  return user;
}

/** GET /api/admin/users/{id}: the user with every listing of theirs (any status), newest first. */
export async function getAdminUserDetail(db: Db, id: number, now: Date): Promise<AdminUserDetail> {
  const user = await getAdminUser(db, id, now);
  const listings = await db
    .select({
      id: properties.id,
      title: properties.title,
      status: properties.status,
      isFeatured: properties.isFeatured,
      price: properties.price,
      type: properties.type,
      createdAt: properties.createdAt,
    })
    .from(properties)
    .where(eq(properties.userId, id))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  return {
    ...user,
    listings: listings.map((l) => ({
      id: l.id,
      title: l.title,
      status: l.status,
      is_featured: l.isFeatured ? 1 : 0,
      price: l.price,
      type: l.type,
      created_at: l.createdAt.toISOString(),
    })),
  };
}

/**
 * Disables or enables an account. A disabled user cannot log in, their tokens stop working
 * (plugins/app/auth.ts, also after re-enabling: the session version moves on) and their listings
 * leave every public read (properties/visible.ts). Disabling twice keeps the first date.
 */
export async function setUserDisabled(
  db: Db,
  id: number,
  disabled: boolean,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  if (disabled && id === actor.id) throw badRequest(ADMIN_MESSAGES.cannotDisableSelf);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(and(eq(users.id, id), isAccount))
      .for('update');
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    const disabledAt = disabled ? (row.disabledAt ?? now) : null;
    await tx
      .update(users)
      .set({
        disabledAt,
        // Sessions end for good: re-enabling the account does not revive a token from before.
        ...(disabled ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: disabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: id,
        details: { email: row.email },
      },
      now,
    );
  });
}
