import type { PrivacyRequest } from '@baan/contract';
import type { privacyRequests } from '../../db/schema.ts';

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

/** A request as the person and the console see it: a deletion link that ran out unused reads as expired. */
export function toWirePrivacyRequest(row: PrivacyRequestRow, now: Date): PrivacyRequest {
  const isExpired = row.status === 'awaiting_confirmation' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    type: row.type,
    status: isExpired ? 'expired' : row.status,
    requested_at: row.requestedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
