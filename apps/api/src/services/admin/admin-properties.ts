import {
  ADMIN_MESSAGES,
  type AdminPropertiesQuery,
  type AdminProperty,
  type AdminPropertyAction,
  type AdminPropertyPage,
} from '@baan/contract';
import { and, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { queueListingAlerts } from '../jobs/alert-jobs.ts';
import { loadDetails, toWireProperty } from '../properties/property-wire.ts';
import { consoleSearch, pageWindow } from './search.ts';

// Spelled out: drizzle may write a column without its table name, which inside the sub-select
// would name the inner table's column.
const inquiryCount = sql<number>`(select count(*)::int from property_inquiries i where i.property_id = properties.id)`;

/** Loads listings (any status) with owner and inquiry count, in the given order, as the console shows them. */
async function loadAdminProperties(
  db: Db,
  storage: Storage,
  where: SQL | undefined,
  window?: { limit: number; offset: number },
): Promise<AdminProperty[]> {
  const query = db
    .select({
      property: properties,
      owner: { id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt },
      inquiryCount,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(where)
    .orderBy(desc(properties.createdAt), desc(properties.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  const { images, rooms, projects, agents } = await loadDetails(
    db,
    rows.map((r) => r.property.id),
    undefined,
    { pendingProjects: true },
  );
  return rows.map(({ property, owner, inquiryCount: count }) => {
    const { owner: _none, ...wire } = toWireProperty(
      storage,
      property,
      images.get(property.id),
      rooms.get(property.id),
      undefined,
      projects.get(property.id),
      agents.get(property.id),
    );
    return {
      ...wire,
      owner: { id: owner.id, name: owner.name, email: owner.email, disabled: owner.disabledAt !== null },
      inquiry_count: count,
      review: property.review,
      review_reasons: property.reviewReasons,
      review_note: property.reviewNote,
      pending_edit: property.pendingSince
        ? {
            title: property.pendingTitle,
            description: property.pendingDescription,
            reasons: property.pendingReasons ?? [],
            since: property.pendingSince.toISOString(),
          }
        : null,
    };
  });
}

function filters(query: AdminPropertiesQuery): SQL | undefined {
  return and(
    query.status === 'all'
      ? undefined
      : // The review queue: held listings whatever their status, and approved ones with a text edit waiting (ADR 017).
        query.status === 'pending'
        ? or(eq(properties.review, 'pending'), isNotNull(properties.pendingSince))
        : eq(properties.status, query.status),
    consoleSearch(query.q, properties.id, [properties.title, properties.location, users.email]),
  );
}

/** GET /api/admin/properties: every status, newest first, searchable. */
export async function listAdminProperties(
  db: Db,
  storage: Storage,
  query: AdminPropertiesQuery,
): Promise<AdminPropertyPage> {
  const where = filters(query);
  const [items, [total]] = await Promise.all([
    loadAdminProperties(db, storage, where, pageWindow(query.page, query.per_page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.userId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0, page: query.page, per_page: query.per_page };
}

/** One listing as the console shows it; 404 when it does not exist. */
export async function getAdminProperty(db: Db, storage: Storage, id: number): Promise<AdminProperty> {
  const [item] = await loadAdminProperties(db, storage, eq(properties.id, id));
  if (!item) throw notFound(ADMIN_MESSAGES.propertyNotFound);
  return item;
}

/** The actions that only change columns; `approve` is a review decision (services/moderation/review-listing.ts). */
export type PlainPropertyAction = Exclude<AdminPropertyAction, 'approve'>;

const CHANGES: Record<PlainPropertyAction, Partial<Pick<typeof properties.$inferInsert, 'status' | 'isFeatured'>>> = {
  hide: { status: 'hidden' },
  show: { status: 'active' },
  feature: { isFeatured: true },
  unfeature: { isFeatured: false },
};

/** Hides, shows, features or unfeatures a listing, with its audit entry in the same transaction. */
export async function moderateProperty(
  db: Db,
  id: number,
  action: PlainPropertyAction,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: properties.id, title: properties.title, status: properties.status, review: properties.review })
      .from(properties)
      .where(eq(properties.id, id))
      .for('update');
    if (!row) throw notFound(ADMIN_MESSAGES.propertyNotFound);
    await tx
      .update(properties)
      .set({ ...CHANGES[action], updatedAt: now })
      .where(eq(properties.id, id));
    // Shown again: it goes live for saved searches like a re-activated listing (ADR 018).
    if (action === 'show' && row.status !== 'active' && row.review === 'approved') {
      await queueListingAlerts(tx, id, now);
    }
    await recordAudit(
      tx,
      actor,
      { action: `property.${action}`, targetType: 'property', targetId: id, details: { title: row.title } },
      now,
    );
  });
}
