import { DELETION_LINK_HOURS, type Language, localizedPath } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

/** Where the e-mailed link opens: the settings' confirmation page (the dashboard asks for a login first). */
export const DELETION_CONFIRM_PATH = '/dashboard/settings/delete-account';

/**
 * The link that confirms an account deletion (ADR 023), in the person's language (texts: `mail:accountDeletion`). The
 * token rides after `#`, so it never reaches a server's or a proxy's log, nor a Referer.
 */
export function accountDeletionMail(
  person: { email: string; name: string; language: Language },
  token: string,
  publicUrl: string,
): Mail {
  const t = mailT(person.language);
  const url = `${publicUrl}${localizedPath(person.language, DELETION_CONFIRM_PATH)}#token=${token}`;
  return {
    to: person.email,
    // The link in the log lets a local run without SMTP finish; never in production (plugins/infra/mail.ts).
    devNote: { deletionLink: url },
    ...layoutMail(t, {
      subject: t.text('accountDeletion.subject'),
      name: person.name,
      blocks: [
        paragraph(t, 'accountDeletion.lead', { email: person.email, count: DELETION_LINK_HOURS }),
        linkBlock(t.text('accountDeletion.link'), url),
        paragraph(t, 'accountDeletion.what'),
        paragraph(t, 'accountDeletion.ignore', {}, 'color:#6b7280'),
      ],
    }),
  };
}
