import { PROPERTY_SUB_TYPES, type PropertySubType, type PropertyTypeCounts } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { isVisible } from './visible.ts';

/** Visible listings per normalised sub type; every key is present, 0 when there are none. */
export async function countPropertyTypes(db: Db): Promise<PropertyTypeCounts> {
  const rows = await db
    .select({ subType: properties.propertySubType, n: sql<number>`count(*)::int` })
    .from(properties)
    .where(isVisible)
    .groupBy(properties.propertySubType);
  const counts = Object.fromEntries(PROPERTY_SUB_TYPES.map((key) => [key, 0])) as PropertyTypeCounts;
  for (const row of rows) {
    if ((PROPERTY_SUB_TYPES as readonly string[]).includes(row.subType)) counts[row.subType as PropertySubType] = row.n;
  }
  return counts;
}
