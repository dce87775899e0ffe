import { createHash, randomBytes } from 'node:crypto';
import {
  type AccountDeletionStarted,
  DEFAULT_LANGUAGE,
  DELETION_LINK_HOURS,
  isLanguage,
  PRIVACY_MESSAGES as M,
} from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, privacyRequests } from '../../db/schema.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { Passwords } from '../../lib/password.ts';
import type { UserRow } from '../accounts/to-public-user.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountDeletionMail } from './deletion-mail.ts';
import { toWirePrivacyRequest } from './privacy-request-wire.ts';

/** Only this digest of a link's token is stored. */
export const hashDeletionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What stops an account from being deleted now, checked when it is asked for and again when it is confirmed: an
 * administrator's account (403), and a payment an admin has not decided yet (409: the money may have been sent, and
 * an admin must be able to approve or refund it with the account still there).
 */
export async function assertDeletable(db: Db | Tx, user: UserRow): Promise<void> {
  if (user.role === 'admin') throw forbidden(M.adminAccount);
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.status, 'pending')))
    .limit(1);
  if (pending) throw conflict(M.pendingPayment);
}

/**
 * The first of the two confirmations of an account deletion (ADR 023): the password (400 when wrong, and nothing is
 * written). Then one transaction stores the request with a digest of a fresh link's token (a day to use it; an
 * earlier waiting request is replaced), audits it and queues the mail with the link in the person's language.
 */
export async function requestAccountDeletion(
  deps: { db: Db; mailer: Mailer; passwords: Passwords; publicUrl: string; now: Date },
  user: UserRow,
  password: string,
): Promise<AccountDeletionStarted> {
  await assertDeletable(deps.db, user);
  if (!(await deps.passwords.verify(password, user.passwordHash))) {
    throw badRequest(M.wrongPassword, { password: [M.wrongPassword] });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now.getTime() + DELETION_LINK_HOURS * 60 * 60_000);
  const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  const row = await deps.db.transaction(async (tx) => {
    await tx
      .update(privacyRequests)
      .set({ status: 'replaced' })
      .where(
        and(
          eq(privacyRequests.userId, user.id),
          eq(privacyRequests.type, 'deletion'),
          eq(privacyRequests.status, 'awaiting_confirmation'),
        ),
      );
    const [inserted] = await tx
      .insert(privacyRequests)
      .values({
        userId: user.id,
        email: user.email,
        type: 'deletion',
        status: 'awaiting_confirmation',
        tokenHash: hashDeletionToken(token),
        requestedAt: deps.now,
        expiresAt,
      })
      .returning();
    if (!inserted) throw new Error('privacy request insert returned nothing');
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      { action: 'privacy.deletion_request', targetType: 'user', targetId: user.id, details: { request: inserted.id } },
      deps.now,
    );
    await deps.mailer.queue(
      tx,
      accountDeletionMail({ email: user.email, name: user.name, language }, token, deps.publicUrl),
    );
    return inserted;
  });
  return { ...toWirePrivacyRequest(row, deps.now), email: user.email };
}
