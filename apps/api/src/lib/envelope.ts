import type { SuccessEnvelope } from '@baan/contract';

/**
 * A success answer, `{success: true, message?, payload}`. Route handlers return it rather than an
 * object literal, whose `success: true` TypeScript would widen to boolean before comparing it with
 * the route's response schema.
 */
export function ok<T>(payload: T, message?: string): SuccessEnvelope<T> {
  return message === undefined ? { success: true, payload } : { success: true, message, payload };
}
