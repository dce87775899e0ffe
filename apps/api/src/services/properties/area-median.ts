import { AREA_MEDIAN_SAMPLE_MIN, PRICE_GROUPS } from '@baan/contract';
import { type SQL, sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import { isVisible } from './visible.ts';

/** A listing's price group (PRICE_GROUPS), as SQL over the `properties` of the query it stands in. */
const priceGroup = sql`(case ${properties.propertySubType} ${sql.join(
  Object.entries(PRICE_GROUPS).map(([subType, group]) => sql`when ${subType} then ${group}`),
  sql` `,
)} else ${properties.propertySubType} end)`;

const perSqm = sql`(${properties.price}::float8 / ${properties.area})`;

/** Visible listings with an area: the sample every median is taken from. */
const sample = sql`${isVisible} and ${properties.area} > 0`;

/**
 * The "Sell at cost" condition (`at_or_below_median=1`): the listing's price per m² is at or below the median price
 * per m² of visible listings of the same type (rent or sale) and price group (PRICE_GROUPS) in its area: its district
 * when at least AREA_MEDIAN_SAMPLE_MIN such listings lie there, else its province when as many lie there. A listing
 * whose place is unknown, or whose area has too few listings to say, is not included. Uncorrelated: the medians are
 * grouped once per query (each subquery's `properties` is its own), not once per listing.
 */
export function atOrBelowAreaMedian(): SQL {
  return sql`${properties.id} in (
    select c.id from (
      select ${properties.id} as id, ${properties.type} as type, ${priceGroup} as grp,
        ${properties.district} as district, ${properties.province} as province, ${perSqm} as per_sqm
      from ${properties}
      where ${sample} and ${properties.province} is not null
    ) c
    left join (
      select ${properties.type} as type, ${priceGroup} as grp, ${properties.province} as province,
        ${properties.district} as district, percentile_cont(0.5) within group (order by ${perSqm}) as median
      from ${properties}
      where ${sample} and ${properties.province} is not null and ${properties.district} is not null
      group by 1, 2, 3, 4
      having count(*) >= ${AREA_MEDIAN_SAMPLE_MIN}
    ) d on d.type = c.type and d.grp = c.grp and d.province = c.province and d.district = c.district
    left join (
      select ${properties.type} as type, ${priceGroup} as grp, ${properties.province} as province,
        percentile_cont(0.5) within group (order by ${perSqm}) as median
      from ${properties}
      where ${sample} and ${properties.province} is not null
      group by 1, 2, 3
      having count(*) >= ${AREA_MEDIAN_SAMPLE_MIN}
    ) p on p.type = c.type and p.grp = c.grp and p.province = c.province
    where c.per_sqm <= coalesce(d.median, p.median)
  )`;
}
