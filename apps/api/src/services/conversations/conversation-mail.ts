import type { Language } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, oneLine, paragraph, quoteBlock } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

export type MailReader = { name: string; email: string; language: Language };

/** The guest's private link to their thread, sent when their inquiry opens it (`mail:conversationLink`). */
export function conversationLinkMail(reader: MailReader, title: string, url: string): Mail {
  const t = mailT(reader.language);
  const mail = layoutMail(t, {
    subject: t.text('conversationLink.subject', { title: oneLine(title, 120) }),
    name: reader.name,
    width: 600,
    blocks: [
      paragraph(t, 'conversationLink.lead', { title: oneLine(title, 120) }),
      linkBlock(t.text('conversationLink.open'), url),
      paragraph(t, 'conversationLink.private', {}, 'color:#6b7280'),
    ],
  });
  return { to: reader.email, ...mail };
}

/**
 * A new message in a thread, to the side that did not write it, in their language (`mail:conversationMessage`).
 * No address of the writer: the answer goes through Baan.
 */
export function conversationMessageMail(
  reader: MailReader,
  from: string,
  title: string,
  body: string,
  url: string,
): Mail {
  const t = mailT(reader.language);
  const mail = layoutMail(t, {
    subject: t.text('conversationMessage.subject', { name: oneLine(from, 80), title: oneLine(title, 120) }),
    name: reader.name,
    width: 600,
    blocks: [
      paragraph(t, 'conversationMessage.lead', { name: oneLine(from, 80), title: oneLine(title, 120) }),
      ...(body ? [quoteBlock(body)] : []),
      linkBlock(t.text('conversationMessage.open'), url),
      paragraph(t, 'conversationMessage.throttle', {}, 'color:#6b7280'),
    ],
  });
  return { to: reader.email, ...mail };
}
