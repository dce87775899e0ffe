import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { resolvePlace } from '../locations/resolve-place.ts';

/** Listings read and written per transaction. */
const BATCH = 500;

/**
 * Gives listings stored before they kept their place (rows from before the migrations that added district and
 * province, then `place`, ADR 027) the ones their location names, in batches of BATCH by id, each batch in its own
 * transaction. Idempotent: it reads only rows without a `place`, and writes only those whose location names one, so
 * running it again (every start) finds nothing to do but the few whose text names none. Answers how many rows it
 * gave a place.
 */
export async function backfillListingPlaces(db: Db): Promise<number> {
  let after = 0;
  let updated = 0;
  for (;;) {
    const rows = await db
      .select({ id: properties.id, location: properties.location })
      .from(properties)
      .where(and(gt(properties.id, after), isNull(properties.place)))
      .orderBy(asc(properties.id))
      .limit(BATCH);
    if (rows.length === 0) return updated;
    after = rows[rows.length - 1]?.id ?? after;
    const found = rows.map((row) => ({ ...row, ...resolvePlace(row.location) })).filter((row) => row.place !== null);
    if (found.length > 0) {
      await db.transaction(async (tx) => {
        for (const row of found) {
          await tx
            .update(properties)
            .set({ district: row.district, province: row.province, place: row.place })
            // Unless an edit in between has changed the location or stored its place already.
            .where(and(eq(properties.id, row.id), eq(properties.location, row.location), isNull(properties.place)));
        }
      });
      updated += found.length;
    }
    if (rows.length < BATCH) return updated;
  }
}
