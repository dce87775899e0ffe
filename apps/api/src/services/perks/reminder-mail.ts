import { FORMAT_LOCALES, isLanguage, type Language, localizedPath } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

/** The end date as the owner reads it: their language's long date, in Bangkok time. */
export function endDateText(language: Language, endsAt: Date): string {
  return new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    dateStyle: 'long',
    timeZone: 'Asia/Bangkok',
  }).format(endsAt);
}

/** The mail 3 days before an owner's last period ends (ADR 017), in their language (`mail:reminder`). */
export function packageEndReminderMail(
  owner: { email: string; name: string; language: string },
  packageName: string,
  endsAt: Date,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(owner.language) ? owner.language : 'en';
  const t = mailT(language);
  const date = endDateText(language, endsAt);
  const url = `${publicUrl.replace(/(?<!\/)\/+$/, '')}${localizedPath(language, '/select-package')}`;
  return {
    to: owner.email,
    ...layoutMail(t, {
      subject: t.text('reminder.subject', { date }),
      name: owner.name,
      blocks: [
        paragraph(t, 'reminder.lead', { package: packageName, date }),
        paragraph(t, 'reminder.after'),
        linkBlock(t.text('reminder.link'), url),
      ],
    }),
  };
}
