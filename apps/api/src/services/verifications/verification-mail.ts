import { isLanguage, type Language, localizedPath } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, users } from '../../db/schema.ts';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph, quoteBlock } from '../mail/mail-layout.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';

export type VerificationNotice = { mailer: Mailer; publicUrl: string };

export type VerificationDecision = {
  kind: 'listing' | 'licence';
  approved: boolean;
  /** The listing's title (listing checks). */
  title: string;
  number: string;
  reason: string | null;
};

/** The decision on a title deed or licence check, in the owner's language (`mail:verification`). */
export function verificationDecisionMail(
  owner: { email: string; name: string; language: string },
  decision: VerificationDecision,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(owner.language) ? owner.language : 'en';
  const t = mailT(language);
  const base = publicUrl.replace(/(?<!\/)\/+$/, '');
  const key = (name: string) => `verification.${decision.kind}.${decision.approved ? 'approved' : 'rejected'}.${name}`;
  const path = decision.kind === 'listing' ? '/dashboard/properties' : '/settings';
  const url = `${base}${localizedPath(language, path)}`;
  const values = { title: decision.title, number: decision.number };
  const blocks = decision.approved
    ? [paragraph(t, key('lead'), values), linkBlock(t.text(key('link')), url)]
    : [
        paragraph(t, key('lead'), values),
        paragraph(t, 'verification.reason'),
        quoteBlock(decision.reason ?? ''),
        paragraph(t, key('next')),
        linkBlock(t.text(key('link')), url),
      ];
  return { to: owner.email, ...layoutMail(t, { subject: t.text(key('subject')), name: owner.name, blocks }) };
}

/** Queues the decision mail in the review's transaction (durable: sent by the jobs, never lost with SMTP down). */
export async function notifyVerificationDecision(
  tx: Db | Tx,
  { mailer, publicUrl }: VerificationNotice,
  check: { userId: number; propertyId: number | null; kind: 'listing' | 'licence'; number: string },
  approved: boolean,
  reason: string | null,
): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, check.userId));
  if (!owner) return;
  let title = '';
  if (check.propertyId !== null) {
    const [listing] = await tx
      .select({ title: properties.title })
      .from(properties)
      .where(eq(properties.id, check.propertyId));
    title = listing?.title ?? '';
  }
  await mailer.queue(
    tx,
    verificationDecisionMail(owner, { kind: check.kind, approved, title, number: check.number, reason }, publicUrl),
  );
}
