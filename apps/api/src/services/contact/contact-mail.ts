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
