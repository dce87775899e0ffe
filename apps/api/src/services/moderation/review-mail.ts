import { isLanguage, type Language, localizedPath } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph, quoteBlock } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

export type ReviewDecision =
  | { kind: 'approved'; listingId: number; title: string }
  | { kind: 'rejected'; listingId: number; title: string; reason: string };

/**
 * The decision on a held listing, mailed to its owner (ADR 017) in their language (English when theirs is unknown;
 * texts: `mail:review`).
 */
export function reviewDecisionMail(
  owner: { email: string; name: string; language: string },
  decision: ReviewDecision,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(owner.language) ? owner.language : 'en';
  const t = mailT(language);
  const base = publicUrl.replace(/(?<!\/)\/+$/, '');
  if (decision.kind === 'approved') {
    const url = `${base}${localizedPath(language, `/detail/${decision.listingId}`)}`;
    return {
      to: owner.email,
      ...layoutMail(t, {
        subject: t.text('review.approved.subject'),
        name: owner.name,
        blocks: [
          paragraph(t, 'review.approved.lead', { title: decision.title }),
          linkBlock(t.text('review.approved.link'), url),
        ],
      }),
    };
  }
  const url = `${base}${localizedPath(language, '/dashboard/properties')}`;
  return {
    to: owner.email,
    ...layoutMail(t, {
      subject: t.text('review.rejected.subject'),
      name: owner.name,
      blocks: [
        paragraph(t, 'review.rejected.lead', { title: decision.title }),
        paragraph(t, 'review.rejected.reason'),
        quoteBlock(decision.reason),
        paragraph(t, 'review.rejected.next'),
        linkBlock(t.text('review.rejected.link'), url),
      ],
    }),
  };
}
