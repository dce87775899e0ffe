import { AREA_MEDIAN_SAMPLE_MIN, PRICE_GROUPS } from '@baan/contract';
import { type SQL, sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import { isVisible } from './visible.ts';

/** A listing's price group (PRICE_GROUPS), as SQL over the `properties` of the query it stands in. */
const priceGroup = sql`(case ${properties.propertySubType} ${sql.join(
  Object.entries(PRICE_GROUPS).map(([subType, group]) => sql`when ${subType} then ${group}`),
  sql` `,
)} else ${properties.propertySubType} end)`;

const DISTRICT = sql.raw('partition by type, grp, province, district');
const PROVINCE = sql.raw('partition by type, grp, province');

/**
 * The "Sell at cost" condition (`at_or_below_median=1`): the listing's price per m² is at or below the median price
 * per m² of visible listings of the same type (rent or sale) and price group (PRICE_GROUPS) in its area: its district
 * when at least AREA_MEDIAN_SAMPLE_MIN such listings lie there, else its province when as many lie there. A listing
 * whose place is unknown, or whose area has too few listings to say, is not included.
 *
 * One pass over the visible listings with window functions (no join of medians back onto listings, which a planner
 * without statistics runs once per listing): each row learns its district's and province's count, its rank in each,
 * then the median of each (the middle row, or the mean of the two middle rows, as percentile_cont(0.5)). The
 * membership test is wrapped in `is true` so it is not pulled up into a join but stays a hashed subplan: the set is
 * worked out once per query, then each listing is a hash lookup.
 */
export function atOrBelowAreaMedian(): SQL {
  const middle = (n: string, rank: string) => sql.raw(`${rank} between (${n} + 1) / 2 and ${n} / 2 + 1`);
  return sql`(${properties.id} in (
    select id from (
      select id, district, per_sqm, district_n, province_n,
        avg(per_sqm) filter (where ${middle('district_n', 'district_rank')}) over (${DISTRICT}) as district_median,
        avg(per_sqm) filter (where ${middle('province_n', 'province_rank')}) over (${PROVINCE}) as province_median
      from (
        select id, type, grp, province, district, per_sqm,
          count(*) over (${DISTRICT}) as district_n,
          row_number() over (${DISTRICT} order by per_sqm) as district_rank,
          count(*) over (${PROVINCE}) as province_n,
          row_number() over (${PROVINCE} order by per_sqm) as province_rank
        from (
          select ${properties.id} as id, ${properties.type} as type, ${priceGroup} as grp,
            ${properties.province} as province, ${properties.district} as district,
            ${properties.price}::float8 / ${properties.area} as per_sqm
          from ${properties}
          where ${isVisible} and ${properties.area} > 0 and ${properties.province} is not null
        ) listed
      ) ranked
    ) medians
    where per_sqm <= case
      when district is not null and district_n >= ${AREA_MEDIAN_SAMPLE_MIN} then district_median
      when province_n >= ${AREA_MEDIAN_SAMPLE_MIN} then province_median
    end
  )) is true`;
}
