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

/** What the account was tried with: its password, or its e-mail codes. */
export type TriedWith = 'password' | 'code';

/**
 * To the owner when someone keeps trying their account from networks it never proved itself on (ADR 019;
 * `mail:accountTried`): what happened, that nothing changed and they can still log in, what to do.
 */
export function accountTriedMail(language: Language, name: string, triedWith: TriedWith) {
  const t = mailT(language);
  return layoutMail(t, {
    subject: t.text('accountTried.subject'),
    name,
    blocks: [
      paragraph(t, `accountTried.lead.${triedWith}`),
      paragraph(t, 'accountTried.safe'),
      paragraph(t, 'accountTried.advice'),
      paragraph(t, 'accountTried.once', {}, 'color:#6b7280'),
    ],
  });
}
