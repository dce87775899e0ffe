import { and, eq, isNull } from 'drizzle-orm';
import { properties, users } from '../../db/schema.ts';

/**
 * What a visitor may see: active listings whose owner is not disabled. Every public listing
 * query joins users on the owner and uses this condition.
 */
export const isVisible = and(eq(properties.status, 'active'), isNull(users.disabledAt));
