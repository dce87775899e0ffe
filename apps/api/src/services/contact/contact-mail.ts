import type { Language } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { fieldsBlock, layoutMail, linkBlock, oneLine, paragraph, quoteBlock } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';
import type { ContactMessageRow, InquiryRow } from './contact-wire.ts';

/**
 * A contact-form message as the support team receives it (`mail:contactMessage`): in English, the team's inbox's
 * language, unless a caller asks for another.
 */
export function contactMessageMail(row: ContactMessageRow, supportEmail: string, language: Language = 'en'): Mail {
  const t = mailT(language);
  const label = (key: string) => t.text(`contactMessage.labels.${key}`);
  const mail = layoutMail(t, {
    subject: t.text('contactMessage.subject', { subject: oneLine(row.subject, 150) }),
    signOff: false,
    width: 600,
    blocks: [
      paragraph(t, 'contactMessage.lead'),
      fieldsBlock([
        [label('name'), row.name],
        [label('email'), row.email],
        [label('subject'), row.subject],
        [label('language'), row.language],
        [label('sent'), row.createdAt.toISOString()],
        [label('number'), String(row.id)],
      ]),
      quoteBlock(row.message),
      paragraph(t, 'contactMessage.reply', { name: row.name }, 'color:#6b7280'),
    ],
  });
  return { to: supportEmail, ...mail, replyTo: { name: oneLine(row.name, 150), address: row.email } };
}

export type InquiryOwner = { name: string; email: string; language: Language };

/** A visitor's inquiry as the listing's owner receives it, in the owner's language (`mail:inquiry`). */
export function inquiryMail(row: InquiryRow, owner: InquiryOwner, listingUrl: string): Mail {
  const t = mailT(owner.language);
  const label = (key: string) => t.text(`inquiry.labels.${key}`);
  const mail = layoutMail(t, {
    subject: t.text('inquiry.subject', { title: oneLine(row.propertyTitle, 120) }),
    name: owner.name,
    width: 600,
    blocks: [
      paragraph(t, 'inquiry.lead', { visitor: row.name }),
      fieldsBlock([
        [label('listing'), row.propertyTitle],
        [label('name'), row.name],
        [label('email'), row.email],
        ...(row.phone ? [[label('phone'), row.phone] as const] : []),
      ]),
      quoteBlock(row.message),
      linkBlock(t.text('inquiry.view'), listingUrl),
      paragraph(t, 'inquiry.reply', {}, 'color:#6b7280'),
    ],
  });
  return { to: owner.email, ...mail, replyTo: { name: oneLine(row.name, 150), address: row.email } };
}

/** The most held inquiries a digest names one by one; the rest are counted. */
export const DIGEST_LISTED = 10;

/**
 * One mail for the inquiries held back over the hourly cap (ADR 019; `mail:inquiryDigest`), in the owner's
 * language: how many, the first few (listing and sender), and the way to the inbox where all of them are.
 */
export function inquiryDigestMail(
  held: readonly Pick<InquiryRow, 'propertyTitle' | 'name'>[],
  owner: InquiryOwner,
  inboxUrl: string,
): Mail {
  const t = mailT(owner.language);
  const count = held.length;
  const listed = held.slice(0, DIGEST_LISTED);
  const more = count - listed.length;
  const mail = layoutMail(t, {
    subject: t.text('inquiryDigest.subject', { count }),
    name: owner.name,
    width: 600,
    blocks: [
      paragraph(t, 'inquiryDigest.lead', { count }),
      fieldsBlock(listed.map((row) => [oneLine(row.propertyTitle, 120), oneLine(row.name, 150)] as const)),
      ...(more > 0 ? [paragraph(t, 'inquiryDigest.more', { count: more })] : []),
      linkBlock(t.text('inquiryDigest.view'), inboxUrl),
      paragraph(t, 'inquiryDigest.care', {}, 'color:#6b7280'),
    ],
  });
  return { to: owner.email, ...mail };
}
