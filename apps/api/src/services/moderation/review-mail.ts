import { isLanguage, type Language, localizedPath } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph, quoteBlock } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

export type ReviewDecision =
  | { kind: 'approved'; listingId: number; title: string }
  | { kind: 'rejected'; listingId: number; title: string; reason: string }
  /** An approved listing's text edit (M5): approved, the new text is live; rejected, the approved text stays. */
  | { kind: 'edit_approved'; listingId: number; title: string }
  | { kind: 'edit_rejected'; listingId: number; title: string; reason: string };

/**
 * The decision on a held listing, or on an approved listing's text edit, mailed to its owner (ADR 017) in their
 * language (English when theirs is unknown; texts: `mail:review`).
 */
export function reviewDecisionMail(
  owner: { email: string; name: string; language: string },
  decision: ReviewDecision,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(owner.language) ? owner.language : 'en';
  const t = mailT(language);
  const base = publicUrl.replace(/(?<!\/)\/+$/, '');
  // The mail's texts: `review.approved`, `review.rejected`, `review.editApproved`, `review.editRejected`.
  const section = {
    approved: 'approved',
    rejected: 'rejected',
    edit_approved: 'editApproved',
    edit_rejected: 'editRejected',
  }[decision.kind];
  const key = (name: string) => `review.${section}.${name}`;
  if (decision.kind === 'approved' || decision.kind === 'edit_approved') {
    const url = `${base}${localizedPath(language, `/detail/${decision.listingId}`)}`;
    return {
      to: owner.email,
      ...layoutMail(t, {
        subject: t.text(key('subject')),
        name: owner.name,
        blocks: [paragraph(t, key('lead'), { title: decision.title }), linkBlock(t.text(key('link')), url)],
      }),
    };
  }
  const url = `${base}${localizedPath(language, '/dashboard/properties')}`;
  return {
    to: owner.email,
    ...layoutMail(t, {
      subject: t.text(key('subject')),
      name: owner.name,
      blocks: [
        paragraph(t, key('lead'), { title: decision.title }),
        paragraph(t, key('reason')),
        quoteBlock(decision.reason),
        paragraph(t, key('next')),
        linkBlock(t.text(key('link')), url),
      ],
    }),
  };
}
