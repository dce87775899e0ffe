import { PAYMENT_MESSAGES } from '@baan/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PackageRow } from './package-tiers.ts';

/** A package that can be bought now; 404 when missing or retired. */
export async function getPackageForSale(db: Db | Tx, packageId: number): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), isNull(packages.retiredAt)))
    .limit(1);
  if (!row) throw notFound(PAYMENT_MESSAGES.packageNotFound);
  return row;
}
