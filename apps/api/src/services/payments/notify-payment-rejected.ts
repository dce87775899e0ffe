import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { packages, users } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentRow } from './payment-wire.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export type RejectionNotice = { mailer: Mailer; publicUrl: string };

/**
 * Queues the mail that tells the payer why their transfer was not accepted, in the rejection's
 * transaction (the admin does not wait for SMTP, and the mail is not lost if it is down).
 */
export async function notifyPaymentRejected(
  tx: Db | Tx,
  { mailer, publicUrl }: RejectionNotice,
  payment: PaymentRow,
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, packageName: packages.name })
    .from(users)
    .innerJoin(packages, eq(packages.id, payment.packageId))
    .where(eq(users.id, payment.userId));
  if (!row) return;
  const reason = payment.rejectReason ?? '';
  const text = [
    `Hello ${row.name},`,
    '',
    `Your PromptPay payment of ${payment.amount.toLocaleString('en-US')} THB for the ${row.packageName} package` +
      `${payment.transactionId ? ` (transaction ID ${payment.transactionId})` : ''} was not approved.`,
    '',
    `Reason: ${reason}`,
    '',
    `You can choose a package again at ${publicUrl}/select-package.`,
  ].join('\n');
  await mailer.queue(tx, {
    to: row.email,
    subject: 'Your Baan payment was not approved',
    text,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p>Your PromptPay payment of ${payment.amount.toLocaleString('en-US')} THB for the ${escapeHtml(row.packageName)} package was not approved.</p><p>Reason: ${escapeHtml(reason)}</p><p><a href="${publicUrl}/select-package">Choose a package again</a></p>`,
  });
}
