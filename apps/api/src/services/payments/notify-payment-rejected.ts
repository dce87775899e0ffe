import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { packages, users } from '../../db/schema.ts';
import type { PaymentRow } from './payment-wire.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Tells the payer why their transfer was not accepted (queued: the admin does not wait for SMTP). */
export async function notifyPaymentRejected(app: FastifyInstance, payment: PaymentRow): Promise<void> {
  const [row] = await app.db
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
    `You can choose a package again at ${app.config.publicUrl}/select-package.`,
  ].join('\n');
  app.mailer.queue({
    to: row.email,
    subject: 'Your Baan payment was not approved',
    text,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p>Your PromptPay payment of ${payment.amount.toLocaleString('en-US')} THB for the ${escapeHtml(row.packageName)} package was not approved.</p><p>Reason: ${escapeHtml(reason)}</p><p><a href="${app.config.publicUrl}/select-package">Choose a package again</a></p>`,
  });
}
