import { type Language, localizedPath, NEWSLETTER_UNSUBSCRIBE_PATH } from '@baan/contract';
import { mailT } from '../mail/mail-i18n.ts';
import { footerBlock, layoutMail, linkBlock, type MailBlock, paragraph } from '../mail/mail-layout.ts';
import type { Mail } from '../mail/mailer.ts';
import { newsletterUnsubscribeToken } from './unsubscribe-token.ts';

/** What every mail to a newsletter subscriber carries to leave the list (ADR 058). */
export type NewsletterUnsubscribe = {
  /** The web page in the subscriber's language; its button unsubscribes (`/{lang}/newsletter/unsubscribe?token=`). */
  pageUrl: string;
  /** The API address a mail client posts `List-Unsubscribe=One-Click` to (RFC 8058). */
  oneClickUrl: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` for the mail's header (ASCII, built from our own data). */
  headers: Record<string, string>;
};

/**
 * The unsubscribe link of a subscriber and the RFC 8058 headers. Every newsletter mail (the "you are subscribed"
 * mail now, any issue of the newsletter later) is built with it: the page link in the footer, the headers on the mail.
 */
export function newsletterUnsubscribe(
  deps: { key: Buffer; publicUrl: string },
  subscriber: { id: number; language: Language },
): NewsletterUnsubscribe {
  const token = newsletterUnsubscribeToken(deps.key, subscriber.id);
  const pageUrl = `${deps.publicUrl}${localizedPath(subscriber.language, NEWSLETTER_UNSUBSCRIBE_PATH)}?token=${token}`;
  const oneClickUrl = `${deps.publicUrl}/api/newsletter/unsubscribe?token=${token}`;
  return {
    pageUrl,
    oneClickUrl,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

type Subscriber = { id: number; email: string; language: Language };
type Deps = { key: Buffer; publicUrl: string };

/**
 * A mail to a subscriber: the builder's blocks around the unsubscribe link, the small print (why it came, how to
 * leave) and the RFC 8058 headers. No devNote: the link is never logged.
 */
function subscriberMail(
  deps: Deps,
  subscriber: Subscriber,
  build: (t: ReturnType<typeof mailT>, pageUrl: string) => { subject: string; blocks: MailBlock[] },
): Mail {
  const t = mailT(subscriber.language);
  const unsubscribe = newsletterUnsubscribe(deps, subscriber);
  return {
    to: subscriber.email,
    headers: unsubscribe.headers,
    ...layoutMail(t, {
      ...build(t, unsubscribe.pageUrl),
      footer: footerBlock(t, 'newsletterFooter.reason', 'newsletterFooter.unsubscribe', unsubscribe.pageUrl),
    }),
  };
}

/**
 * "You are subscribed" (ADR 058), queued when a footer subscription is confirmed: what comes, and how to leave at
 * any time without an account (the link, also in the List-Unsubscribe header).
 */
export function newsletterSubscribedMail(deps: Deps, subscriber: Subscriber): Mail {
  return subscriberMail(deps, subscriber, (t, pageUrl) => ({
    subject: t.text('newsletterSubscribed.subject'),
    blocks: [
      paragraph(t, 'newsletterSubscribed.lead', { email: subscriber.email }),
      paragraph(t, 'newsletterSubscribed.leave'),
      linkBlock(t.text('newsletterSubscribed.link'), pageUrl),
    ],
  }));
}

/** "Lost the link?" (ADR 058): a fresh unsubscribe link, to a subscribed address only. */
export function newsletterUnsubscribeLinkMail(deps: Deps, subscriber: Subscriber): Mail {
  return subscriberMail(deps, subscriber, (t, pageUrl) => ({
    subject: t.text('newsletterUnsubscribeLink.subject'),
    blocks: [
      paragraph(t, 'newsletterUnsubscribeLink.lead', { email: subscriber.email }),
      linkBlock(t.text('newsletterUnsubscribeLink.link'), pageUrl),
      paragraph(t, 'newsletterUnsubscribeLink.ignore', {}, 'color:#6b7280'),
    ],
  }));
}
