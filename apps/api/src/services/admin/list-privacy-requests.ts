import type { AdminPrivacyRequestPage, AdminPrivacyRequestsQuery } from '@baan/contract';
import { and, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacyRequests, users } from '../../db/schema.ts';
import { toWirePrivacyRequest } from '../privacy/privacy-request-wire.ts';
import { pageWindow } from './search.ts';

const awaiting = eq(privacyRequests.status, 'awaiting_confirmation');

/** A status as the console shows it: a link that ran out unused is expired, whatever the row still says. */
function statusIs(status: AdminPrivacyRequestsQuery['status'], now: Date): SQL | undefined {
  if (status === 'awaiting_confirmation') return and(awaiting, gt(privacyRequests.expiresAt, now));
  if (status === 'expired') {
    return or(eq(privacyRequests.status, 'expired'), and(awaiting, lte(privacyRequests.expiresAt, now)));
  }
  return status ? eq(privacyRequests.status, status) : undefined;
}

/** GET /api/admin/privacy-requests: the people's exports and deletions (ADR 023), newest first. */
export async function listPrivacyRequests(
  db: Db,
  query: AdminPrivacyRequestsQuery,
  now: Date,
): Promise<AdminPrivacyRequestPage> {
  const where = and(query.type ? eq(privacyRequests.type, query.type) : undefined, statusIs(query.status, now));
  const window = pageWindow(query.page, query.per_page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: privacyRequests, isDeleted: sql<boolean>`${users.deletedAt} is not null` })
      .from(privacyRequests)
      .leftJoin(users, eq(users.id, privacyRequests.userId))
      .where(where)
      .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(privacyRequests).where(where),
  ]);
  return {
    items: rows.map(({ request, isDeleted }) => ({
      ...toWirePrivacyRequest(request, now),
      user_id: request.userId,
      email: request.email,
      account_deleted: Boolean(isDeleted),
    })),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
