import { sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import { isVisible } from '../properties/visible.ts';

/**
 * Per project, over its visible listings now: how many are for sale and for rent, and the median price and rent per
 * m² (percentile_cont(0.5) of price ÷ area over those with an area), as a sub-select to join on `project_id`. The
 * same rule as a project's market figures now (market.ts), so the list and the page agree.
 */
export const projectStats = sql`(
  select ${properties.projectId} as project_id,
    (count(*) filter (where ${properties.type} = 'sale'))::int as sale_n,
    (count(*) filter (where ${properties.type} = 'rent'))::int as rent_n,
    percentile_cont(0.5) within group (order by ${properties.price}::numeric / ${properties.area})
      filter (where ${properties.type} = 'sale' and ${properties.area} > 0) as sale_med,
    percentile_cont(0.5) within group (order by ${properties.price}::numeric / ${properties.area})
      filter (where ${properties.type} = 'rent' and ${properties.area} > 0) as rent_med
  from ${properties}
  where ${properties.projectId} is not null and ${isVisible}
  group by ${properties.projectId}
)`;
