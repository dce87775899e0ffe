import {
  ADMIN_MESSAGES,
  type AdminPackage,
  type CreatePackageRequest,
  type UpdatePackageRequest,
} from '@baan/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { type PackageRow, toPackage } from '../packages/package-tiers.ts';

/** Users with a period on the package running at `now`. */
function activeSubscriptions(now: Date) {
  // Spelled out: drizzle may write a column without its table name, which inside the sub-select
  // would name the inner table's column.
  return sql<number>`(select count(distinct s.user_id)::int from subscriptions s
    where s.package_id = packages.id and s.starts_at <= ${now.toISOString()}::timestamptz and s.ends_at > ${now.toISOString()}::timestamptz)`;
}

function toAdminPackage(row: PackageRow, active: number): AdminPackage {
  return {
    ...toPackage(row),
    retired: row.retiredAt !== null,
    retired_at: row.retiredAt?.toISOString() ?? null,
    active_subscriptions: active,
  };
}

async function loadAdminPackages(db: Db | Tx, now: Date, id?: number): Promise<AdminPackage[]> {
  const rows = await db
    .select({ pkg: packages, active: activeSubscriptions(now) })
    .from(packages)
    .where(id === undefined ? undefined : eq(packages.id, id))
    .orderBy(sql`${packages.retiredAt} is not null`, asc(packages.sortOrder), asc(packages.price), asc(packages.id));
  return rows.map((r) => toAdminPackage(r.pkg, r.active));
}

/** GET /api/admin/packages: every package, retired ones last, with how many subscribers run on it now. */
export function listAdminPackages(db: Db, now: Date): Promise<AdminPackage[]> {
  return loadAdminPackages(db, now);
}

async function getAdminPackage(db: Db | Tx, id: number, now: Date): Promise<AdminPackage> {
  const [pkg] = await loadAdminPackages(db, now, id);
  if (!pkg) throw notFound(ADMIN_MESSAGES.packageNotFound);
  return pkg;
}

/** A new package on sale at once, shown after the existing ones. */
export async function createPackage(
  db: Db,
  input: CreatePackageRequest,
  actor: AuditActor,
  now: Date,
): Promise<AdminPackage> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${packages.sortOrder}), 0)::int` }).from(packages);
    const [row] = await tx
      .insert(packages)
      .values({
        name: input.name,
        price: input.price,
        features: input.features,
        featuredQuota: input.featured_quota,
        durationDays: 30,
        sortOrder: (last?.max ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('package insert returned nothing');
    await recordAudit(
      tx,
      actor,
      {
        action: 'package.create',
        targetType: 'package',
        targetId: row.id,
        details: { name: row.name, price: row.price, features: row.features, featured_quota: row.featuredQuota },
      },
      now,
    );
    return toAdminPackage(row, 0);
  });
}

const sameFeatures = (a: string[], b: string[]) => a.length === b.length && a.every((f, i) => f === b[i]);

/**
 * Changes a package's name, price, features or featured quota (a smaller quota is applied to subscribers' featured
 * listings by the perks job). Existing subscriptions and pending payments keep
 * the amount they were bought at (they carry their own). The audit entry holds {from, to} per
 * field that actually changed.
 */
export async function updatePackage(
  db: Db,
  id: number,
  input: UpdatePackageRequest,
  actor: AuditActor,
  now: Date,
): Promise<AdminPackage> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!row) throw notFound(ADMIN_MESSAGES.packageNotFound);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.name !== undefined && input.name !== row.name) changes.name = { from: row.name, to: input.name };
    if (input.price !== undefined && input.price !== row.price) changes.price = { from: row.price, to: input.price };
    if (input.features !== undefined && !sameFeatures(input.features, row.features)) {
      changes.features = { from: row.features, to: input.features };
    }
    if (input.featured_quota !== undefined && input.featured_quota !== row.featuredQuota) {
      changes.featured_quota = { from: row.featuredQuota, to: input.featured_quota };
    }
    await tx
      .update(packages)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(input.features !== undefined ? { features: input.features } : {}),
        ...(input.featured_quota !== undefined ? { featuredQuota: input.featured_quota } : {}),
        updatedAt: now,
      })
      .where(eq(packages.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'package.update', targetType: 'package', targetId: id, details: changes },
      now,
    );
    return getAdminPackage(tx, id, now);
  });
}

/** Takes a package off sale. Running subscriptions on it keep working until they end. */
export async function retirePackage(db: Db, id: number, actor: AuditActor, now: Date): Promise<AdminPackage> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!row) throw notFound(ADMIN_MESSAGES.packageNotFound);
    if (row.retiredAt) throw conflict(ADMIN_MESSAGES.packageRetired);
    await tx.update(packages).set({ retiredAt: now, updatedAt: now }).where(eq(packages.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'package.retire', targetType: 'package', targetId: id, details: { name: row.name } },
      now,
    );
    return getAdminPackage(tx, id, now);
  });
}
