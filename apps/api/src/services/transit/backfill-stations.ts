import { MAX_STATION_DISTANCE_M, WALKING_FACTOR } from '@baan/contract';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { nearestStation, STATIONS } from './stations.ts';

/** Listings read and written per transaction. */
const BATCH = 500;

/**
 * The area any listing with a nearest station lies in: the stations' extent widened by the farthest a listing may be
 * (MAX_STATION_DISTANCE_M walking). Listings outside it (Chiang Mai, Phuket…) can have no station and are not read.
 */
function stationReach(): [west: number, south: number, east: number, north: number] {
  const dLat = (MAX_STATION_DISTANCE_M / WALKING_FACTOR / 110_500) * 1.05;
  const lats = STATIONS.map((s) => s.lat);
  const lons = STATIONS.map((s) => s.lon);
  const north = Math.max(...lats) + dLat;
  const dLon = dLat / Math.cos((north * Math.PI) / 180);
  return [Math.min(...lons) - dLon, Math.min(...lats) - dLat, Math.max(...lons) + dLon, north];
}

/**
 * Gives listings that have coordinates but no stored station (rows from before migration 0010) their nearest
 * station, in batches of BATCH by id, each batch in its own transaction. Idempotent: it only reads rows whose
 * `station_id` is null, and writes only those that do have a station within reach, so running it again (every start)
 * finds nothing to do but the few in reach with no station near enough. Answers how many rows it gave a station.
 */
export async function backfillNearestStations(db: Db): Promise<number> {
  const [west, south, east, north] = stationReach();
  let after = 0;
  let updated = 0;
  for (;;) {
    const rows = await db
      .select({ id: properties.id, lat: properties.lat, lon: properties.lon })
      .from(properties)
      .where(
        and(
          gt(properties.id, after),
          isNull(properties.stationId),
          isNotNull(properties.lat),
          isNotNull(properties.lon),
          // Ranges, not a point in a box: the GiST point index's constant estimate (95 rows of a million) drew the
          // planner to it for this box of most listings, 2.8 s a batch; the partial index walks the ids (ADR 044).
          sql`${properties.lat} between ${south}::float8 and ${north}::float8`,
          sql`${properties.lon} between ${west}::float8 and ${east}::float8`,
        ),
      )
      .orderBy(asc(properties.id))
      .limit(BATCH);
    if (rows.length === 0) return updated;
    after = rows[rows.length - 1]?.id ?? after;
    const found = rows
      .map((row) => ({ ...row, ...nearestStation(row.lat, row.lon) }))
      .filter((row) => row.stationId !== null);
    if (found.length > 0) {
      await db.transaction(async (tx) => {
        for (const row of found) {
          await tx
            .update(properties)
            .set({ stationId: row.stationId, stationDistanceM: row.stationDistanceM })
            // Unless an edit in between has moved the listing or stored its station already.
            .where(
              and(
                eq(properties.id, row.id),
                isNull(properties.stationId),
                eq(properties.lat, row.lat as number),
                eq(properties.lon, row.lon as number),
              ),
            );
        }
      });
      updated += found.length;
    }
    if (rows.length < BATCH) return updated;
  }
}
