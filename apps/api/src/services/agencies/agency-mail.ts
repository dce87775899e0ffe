import { AGENCY_INVITATION_DAYS, type AgencyRole, isLanguage, type Language, localizedPath } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { layoutMail, linkBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';

/** Where the mailed link opens: the signed-in accept page, the token after # (never sent to a server or a log). */
export const INVITATION_PATH = '/dashboard/agency/join';

/** The invitation link, in the invitee's language (`mail:agencyInvitation`). */
export function agencyInvitationMail(
  invitation: { email: string; role: AgencyRole; token: string; language: string },
  agency: { name: string },
  inviter: { name: string },
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(invitation.language) ? invitation.language : 'en';
  const t = mailT(language);
  const base = publicUrl.replace(/(?<!\/)\/+$/, '');
  const url = `${base}${localizedPath(language, INVITATION_PATH)}#token=${invitation.token}`;
  const values = { agency: agency.name, inviter: inviter.name };
  const blocks = [
    paragraph(t, invitation.role === 'admin' ? 'agencyInvitation.leadAdmin' : 'agencyInvitation.leadAgent', values),
    paragraph(t, 'agencyInvitation.account', { email: invitation.email }),
    linkBlock(t.text('agencyInvitation.link'), url),
    paragraph(t, 'agencyInvitation.expiry', { days: AGENCY_INVITATION_DAYS }),
  ];
  return {
    to: invitation.email,
    ...layoutMail(t, { subject: t.text('agencyInvitation.subject', { agency: agency.name }), blocks }),
  };
}
