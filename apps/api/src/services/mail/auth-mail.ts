import type { Language, OtpType } from '@baan/contract';
import { escapeHtml, mailT, rawHtml } from './mail-i18n.ts';
import { layoutMail, paragraph } from './mail-layout.ts';

/** The e-mail carrying a one-time code, in plain text and HTML, in the person's language (texts: `mail:code`). */
export function codeMail(language: Language, type: OtpType, name: string, code: string) {
  const t = mailT(language);
  const key = `code.${type}`;
  const shownCode = `<strong style="font-size:24px;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</strong>`;
  return layoutMail(t, {
    subject: t.text(`${key}.subject`),
    name,
    blocks: [
      { text: t.text(`${key}.lead`, { code }), html: `<p>${t.html(`${key}.lead`, { code: rawHtml(shownCode) })}</p>` },
      paragraph(t, `${key}.ignore`, {}, 'color:#6b7280'),
    ],
  });
}

/** To the owner when their account's codes were locked after too many wrong ones (ADR 010; `mail:codesLocked`). */
export function codesLockedMail(language: Language, name: string, failures: number) {
  const t = mailT(language);
  return layoutMail(t, {
    subject: t.text('codesLocked.subject'),
    name,
    blocks: [
      paragraph(t, 'codesLocked.lead', { count: failures }),
      paragraph(t, 'codesLocked.safe'),
      paragraph(t, 'codesLocked.advice'),
    ],
  });
}
