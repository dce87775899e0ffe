import { and, eq, sql } from 'drizzle-orm';
import { properties, users } from '../../db/schema.ts';

/**
 * What a visitor may see: active listings whose owner is not disabled. The owner test is an
 * uncorrelated NOT IN (a small hashed set of disabled users) rather than a join, so a page query
 * can walk an index in order and stop after one page instead of joining and sorting everything.
 */
export const isVisible = and(
  eq(properties.status, 'active'),
  sql`${properties.userId} not in (select ${users.id} from ${users} where ${users.disabledAt} is not null)`,
);
