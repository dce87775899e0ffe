import { type Language, localizedPath, NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_CONFIRM_PATH } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

/**
 * The link that confirms a newsletter subscription from the footer form (double opt-in, ADR 055), in the language the
 * form was used in (texts: `mail:newsletterConfirm`). The link opens a page whose button confirms with a POST, so a
 * mail scanner that opens links subscribes nobody.
 */
export function newsletterConfirmationMail(
  subscriber: { email: string; language: Language },
  token: string,
  publicUrl: string,
): Mail {
  const t = mailT(subscriber.language);
  const url = `${publicUrl}${localizedPath(subscriber.language, NEWSLETTER_CONFIRM_PATH)}?token=${token}`;
  return {
    to: subscriber.email,
    // No devNote: the link is never written to a log, not even the development outbox's (a local run finds the mail
    // in the mail_outbox table).
    ...layoutMail(t, {
      subject: t.text('newsletterConfirm.subject'),
      blocks: [
        paragraph(t, 'newsletterConfirm.lead', { email: subscriber.email, count: NEWSLETTER_CONFIRM_DAYS }),
        linkBlock(t.text('newsletterConfirm.link'), url),
        paragraph(t, 'newsletterConfirm.ignore', {}, 'color:#6b7280'),
      ],
    }),
  };
}
