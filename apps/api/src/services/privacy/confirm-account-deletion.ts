import { PRIVACY_MESSAGES as M, type PrivacyRequest } from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacyRequests } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../accounts/to-public-user.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { deleteAccount } from './delete-account.ts';
import { maskEmail } from './mask-email.ts';
import { toWirePrivacyRequest } from './privacy-request-wire.ts';
import { assertDeletable, hashDeletionToken } from './request-account-deletion.ts';

/**
 * The second confirmation (ADR 023): the e-mailed link's token, used by the signed-in owner of the request. Someone
 * else's token, an unknown one or a replaced one is refused (404, 409) and an expired one is marked so (410); nothing
 * is deleted then. Otherwise the account's data goes in one transaction with the request's completion and its audit
 * entry (the e-mail in both masked).
 */
export async function confirmAccountDeletion(db: Db, user: UserRow, token: string, now: Date): Promise<PrivacyRequest> {
  const [request] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.tokenHash, hashDeletionToken(token)), eq(privacyRequests.type, 'deletion')))
    .limit(1);
  if (!request || request.userId !== user.id) throw notFound(M.linkInvalid);
  if (request.status === 'replaced') throw conflict(M.linkReplaced);
  if (request.status !== 'awaiting_confirmation' || (request.expiresAt !== null && request.expiresAt <= now)) {
    if (request.status === 'awaiting_confirmation') {
      await db.update(privacyRequests).set({ status: 'expired' }).where(eq(privacyRequests.id, request.id));
    }
    throw new HttpError(410, M.linkExpired);
  }
  await assertDeletable(db, user);
  const completed = await db.transaction(async (tx) => {
    // Taken under the request's lock: two clicks on the link delete once.
    const [open] = await tx
      .update(privacyRequests)
      .set({ status: 'completed', completedAt: now, tokenHash: null })
      .where(and(eq(privacyRequests.id, request.id), eq(privacyRequests.status, 'awaiting_confirmation')))
      .returning();
    if (!open) throw conflict(M.linkReplaced);
    await recordAudit(
      tx,
      { id: user.id, email: maskEmail(user.email) },
      { action: 'privacy.deletion', targetType: 'user', targetId: user.id, details: { request: request.id } },
      now,
    );
    await deleteAccount(tx, user.id, now);
    return { ...open, email: maskEmail(user.email) };
  });
  return toWirePrivacyRequest(completed, now);
}
