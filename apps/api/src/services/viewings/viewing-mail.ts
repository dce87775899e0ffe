import { formatLocale, isLanguage, type Language, localizedPath, VIEWING_LIMITS } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { fieldsBlock, layoutMail, linkBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';
import { HOUR } from './bangkok-time.ts';
import { viewingInvite } from './ics.ts';

export type ViewingMailKind = 'requested' | 'confirmed' | 'declined' | 'proposed' | 'reminder';

export type ViewingMailFacts = {
  id: number;
  propertyId: number;
  title: string;
  location: string;
  startsAt: Date;
  mode: 'in_person' | 'video';
  visitor: { name: string; email: string; phone: string | null };
};

export type Recipient = { email: string; name: string; language: string; role: 'owner' | 'visitor' };

/** The viewing's hour on the Bangkok clock in the reader's language, e.g. “Saturday 5 December 2026, 10:00–11:00”. */
export function bangkokWhen(language: Language, start: Date): string {
  const locale = formatLocale(language);
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Bangkok', dateStyle: 'full' }).format(start);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${day}, ${time.format(start)}–${time.format(new Date(start.getTime() + HOUR))}`;
}

/**
 * A viewing mail in the recipient's language (`mail:viewing`); times on the Bangkok clock. The confirmation carries
 * the .ics invite (times in UTC, one UID per viewing so a later change replaces the same calendar entry).
 */
export function viewingMail(
  kind: ViewingMailKind,
  to: Recipient,
  facts: ViewingMailFacts,
  publicUrl: string,
  now: Date,
): Mail {
  const language: Language = isLanguage(to.language) ? to.language : 'en';
  const t = mailT(language);
  const base = publicUrl.replace(/(?<!\/)\/+$/, '');
  const host = new URL(base).hostname || 'baan.local';
  const listingUrl = `${base}${localizedPath(language, `/detail/${facts.propertyId}`)}`;
  const url = to.role === 'owner' ? `${base}${localizedPath(language, '/dashboard/viewings')}` : listingUrl;
  const when = bangkokWhen(language, facts.startsAt);
  const mode = t.text(`viewing.mode.${facts.mode}`);
  const values = { title: facts.title, when, mode, name: facts.visitor.name };
  const key = (name: string) => `viewing.${kind}.${name}`;
  const blocks = [
    paragraph(t, kind === 'confirmed' || kind === 'reminder' ? key(`lead.${to.role}`) : key('lead'), values),
  ];
  if (to.role === 'owner') {
    blocks.push(
      fieldsBlock([
        [t.text('viewing.fields.name'), facts.visitor.name],
        [t.text('viewing.fields.email'), facts.visitor.email],
        ...(facts.visitor.phone ? ([[t.text('viewing.fields.phone'), facts.visitor.phone]] as const) : []),
        [t.text('viewing.fields.mode'), mode],
      ]),
    );
  }
  blocks.push(linkBlock(t.text(to.role === 'owner' ? 'viewing.link.owner' : 'viewing.link.visitor'), url));
  const content = layoutMail(t, { subject: t.text(key('subject'), { title: facts.title }), name: to.name, blocks });
  const mail: Mail = { to: to.email, ...content };
  if (kind === 'confirmed') {
    mail.attachments = [
      viewingInvite({
        uid: `viewing-${facts.id}@${host}`,
        start: facts.startsAt,
        end: new Date(facts.startsAt.getTime() + HOUR),
        stamp: now,
        summary: t.text('viewing.invite.summary', { title: facts.title }),
        location: facts.mode === 'video' ? t.text('viewing.mode.video') : facts.location,
        description: `${mode}\n${listingUrl}`,
        url: listingUrl,
      }),
    ];
  }
  return mail;
}

/** The reminder goes VIEWING_LIMITS.reminderMs before the start. */
export const reminderAt = (startsAt: Date) => new Date(startsAt.getTime() - VIEWING_LIMITS.reminderMs);
