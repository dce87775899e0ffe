import { PUBLIC_PAGE_STATUSES } from '@baan/contract';
import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import { properties, users } from '../../db/schema.ts';

/**
 * The owner is not disabled. An uncorrelated NOT IN (a small hashed set of disabled users) rather than a join, so a
 * page query can walk an index in order and stop after one page instead of joining and sorting everything.
 */
const ownerEnabled = sql`${properties.userId} not in (select ${users.id} from ${users} where ${users.disabledAt} is not null)`;

/**
 * In search, counts, home sections, the list of all listings and the sitemap (ADR 017): active, approved by
 * moderation, owner not disabled. Every public list read uses it.
 */
export const isVisible = and(eq(properties.status, 'active'), eq(properties.review, 'approved'), ownerEnabled);

/**
 * The public page and GET /api/property/{id} (ADR 017): active, sold or rented (the last two marked and not
 * indexed), approved, owner not disabled. Paused, hidden, pending and rejected listings answer 404 to the public.
 */
export const isPublicPage = and(
  inArray(properties.status, [...PUBLIC_PAGE_STATUSES]),
  eq(properties.review, 'approved'),
  ownerEnabled,
);

/**
 * A listing that was public and is no longer (ADR 017): approved, and paused by its owner, hidden by an admin or of a
 * disabled owner. Its address still answers 404, but the page says the listing is no longer available and offers
 * similar ones (never its own details); a missing, pending or rejected listing gets the plain not-found page.
 */
export const isNoLongerAvailable = and(
  eq(properties.review, 'approved'),
  or(inArray(properties.status, ['paused', 'hidden']), not(ownerEnabled)),
);
