import { MARKET_MONTHS, type MarketFigures, PROPERTY_SUB_TYPES } from '@baan/contract';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { marketAreaFigures, properties } from '../../db/schema.ts';
import { isVisible } from '../properties/visible.ts';
import { marketFigures, marketMonths } from './market.ts';

/** The job that keeps `market_area_figures` (ADR 028, "Stored area figures"), and how often it looks for changes. */
export const MARKET_AREAS_JOB = 'market.areas';
export const MARKET_AREAS_EVERY_MS = 60_000;

/** Stored for the longest window; a shorter one is its last months. */
export const STORED_MONTHS = Math.max(...MARKET_MONTHS);

/** A place name as the market call compares it: lower case, without spaces or hyphens. */
export const placeKey = (value: SQLWrapper | SQL): SQL => sql`replace(replace(lower(${value}), ' ', ''), '-', '')`;

/** The `area_key` GET /api/market asks for: province and district (empty for a whole province) joined by `|`. */
export function areaKeyOf(province: string, district: string | undefined): SQL {
  return sql`${placeKey(sql`${province.trim()}::text`)} || '|' || ${placeKey(sql`${(district ?? '').trim()}::text`)}`;
}

/** The stored figures of an area and sub type if computed in `now`'s Bangkok month, cut to `months`; else null. */
export async function storedAreaFigures(
  db: Db,
  province: string,
  district: string | undefined,
  subType: string,
  months: number,
  now: Date,
): Promise<MarketFigures | null> {
  const [row] = await db
    .select({ figures: marketAreaFigures.figures, month: marketAreaFigures.month })
    .from(marketAreaFigures)
    .where(and(eq(marketAreaFigures.areaKey, areaKeyOf(province, district)), eq(marketAreaFigures.subType, subType)));
  if (!row || row.month !== currentMonth(now)) return null;
  const figures = row.figures as MarketFigures;
  return { ...figures, trend: figures.trend.slice(-months) };
}

const currentMonth = (now: Date): string => marketMonths(now, 1)[0]?.month ?? '';

type Group = { n: bigint; h: bigint };

/**
 * Brings `market_area_figures` in step with the listings: for every province, and every district, that has a listing,
 * and every sub type, the figures of GET /api/market over 60 months, recomputed only where the listings under them
 * changed or the month turned. A change is seen through a fingerprint per area and sub type: how many listings and
 * the sum of a hash of each one's id, type, price, area, status, review, dates and visibility (every write that can
 * move a figure changes one of them; a listing's price history is only written with its price). The fingerprint is
 * read before the figures, so a change made while they are computed is seen by the next run. Returns how many
 * areas and sub types were recomputed and how many rows of areas without listings were removed.
 */
export async function refreshAreaFigures(db: Db, now: Date): Promise<{ computed: number; removed: number }> {
  const month = currentMonth(now);
  // The fingerprint reads every listing (1.4 s at a million on PostgreSQL, with two parallel workers taking both cores
  // of a small server for it every minute): one process only, so visitors' queries keep a core (ADR 043).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return fingerprints(tx);
  });

  // Per area key ("province|district" and "province|"), per sub type: the summed counts and hashes.
  const areas = new Map<string, { province: string; district: string; groups: Map<string, Group> }>();
  const add = (province: string, district: string, subType: string, n: bigint, h: bigint) => {
    const key = `${province}|${district}`;
    let area = areas.get(key);
    if (!area) {
      area = { province, district, groups: new Map() };
      areas.set(key, area);
    }
    const group = area.groups.get(subType) ?? { n: 0n, h: 0n };
    area.groups.set(subType, { n: group.n + n, h: group.h + h });
  };
  for (const r of rows) {
    const n = BigInt(r.n);
    const h = BigInt(r.h ?? '0');
    if (r.d !== '') add(r.p, r.d, r.s, n, h);
    add(r.p, '', r.s, n, h);
  }

  const stored = new Map(
    (
      await db
        .select({
          areaKey: marketAreaFigures.areaKey,
          subType: marketAreaFigures.subType,
          fp: marketAreaFigures.fingerprint,
        })
        .from(marketAreaFigures)
    ).map((r) => [`${r.areaKey}\n${r.subType}`, r.fp]),
  );

  let computed = 0;
  for (const [areaKey, area] of areas) {
    for (const subType of PROPERTY_SUB_TYPES) {
      const group = area.groups.get(subType) ?? { n: 0n, h: 0n };
      const fingerprint = `${month}:${group.n}:${group.h}`;
      const id = `${areaKey}\n${subType}`;
      const before = stored.get(id);
      stored.delete(id);
      if (before === fingerprint) continue;
      const scope = and(
        sql`${placeKey(properties.province)} = ${area.province}`,
        area.district === '' ? undefined : sql`${placeKey(properties.district)} = ${area.district}`,
        eq(properties.propertySubType, subType),
      ) as SQL;
      const figures = await marketFigures(db, scope, now, STORED_MONTHS);
      await db
        .insert(marketAreaFigures)
        .values({ areaKey, subType, month, fingerprint, figures, computedAt: now })
        .onConflictDoUpdate({
          target: [marketAreaFigures.areaKey, marketAreaFigures.subType],
          set: { month, fingerprint, figures, computedAt: now },
        });
      computed++;
    }
  }
  // What is left was stored for an area (or a sub type no longer in the contract) without listings now.
  for (const id of stored.keys()) {
    const [areaKey = '', subType = ''] = id.split('\n');
    await db
      .delete(marketAreaFigures)
      .where(and(eq(marketAreaFigures.areaKey, areaKey), eq(marketAreaFigures.subType, subType)));
  }
  return { computed, removed: stored.size };
}

/** Per province, district and sub type: how many listings and the sum of a hash of each one (refreshAreaFigures). */
async function fingerprints(db: Pick<Db, 'execute'>) {
  return (
    (
      (await db.execute(sql`
      select ${placeKey(properties.province)} as p, coalesce(${placeKey(properties.district)}, '') as d,
        ${properties.propertySubType} as s, count(*)::text as n,
        sum(hashtext(concat_ws(',', ${properties.id}, ${properties.type}, ${properties.price}, ${properties.area},
          ${properties.status}, ${properties.review}, ${properties.createdAt}, ${properties.updatedAt},
          (${isVisible})::text)))::text as h
      from ${properties}
      group by 1, 2, 3`)) as { rows?: { p: string; d: string; s: string; n: string; h: string }[] }
    ).rows ?? []
  );
}
