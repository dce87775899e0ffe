import { isLanguage, type Language, localizedPath } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { packages, users } from '../../db/schema.ts';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import type { PaymentRow } from '../subscriptions/payment-wire.ts';

export type RejectionNotice = { mailer: Mailer; publicUrl: string };

export type RejectedPayment = Pick<PaymentRow, 'amount' | 'transactionId' | 'rejectReason'>;

/**
 * The mail telling the payer why their transfer was not accepted, in the payer's language (`mail:paymentRejected`):
 * the amount, the package, the transaction ID they entered (text and HTML alike) and the reviewer's reason.
 */
export function paymentRejectedMail(
  payer: { email: string; name: string; language: string },
  payment: RejectedPayment,
  packageName: string,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(payer.language) ? payer.language : 'en';
  const t = mailT(language);
  const url = `${publicUrl.replace(/(?<!\/)\/+$/, '')}${localizedPath(language, '/select-package')}`;
  const amount = new Intl.NumberFormat(t.locale).format(payment.amount);
  const lead = payment.transactionId
    ? paragraph(t, 'paymentRejected.leadWithTransaction', {
        amount,
        package: packageName,
        transactionId: payment.transactionId,
      })
    : paragraph(t, 'paymentRejected.lead', { amount, package: packageName });
  const next = t.text('paymentRejected.next', { url });
  const link = linkBlock(t.text('paymentRejected.link'), url);
  return {
    to: payer.email,
    ...layoutMail(t, {
      subject: t.text('paymentRejected.subject'),
      name: payer.name,
      blocks: [
        lead,
        paragraph(t, 'paymentRejected.reason', { reason: payment.rejectReason ?? '' }),
        { text: next, html: link.html },
      ],
    }),
  };
}

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
    .select({ email: users.email, name: users.name, language: users.language, packageName: packages.name })
    .from(users)
    .innerJoin(packages, eq(packages.id, payment.packageId))
    .where(eq(users.id, payment.userId));
  if (!row) return;
  await mailer.queue(tx, paymentRejectedMail(row, payment, row.packageName, publicUrl));
}
