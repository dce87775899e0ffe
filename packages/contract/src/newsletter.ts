import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

export const NewsletterRequest = z.object({
  email: z
    .string({ error: 'E-mail is required.' })
    .trim()
    .min(1, 'E-mail is required.')
    .max(320, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid e-mail address.')),
});
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

/**
 * POST /api/newsletter answers 201 the same way whether or not the address was already on the list, so
 * nobody learns who subscribed: `already_subscribed` is kept for the wire's shape and is always false.
 */
export const NewsletterSubscription = z.object({ email: z.string(), already_subscribed: z.boolean() });
export type NewsletterSubscription = z.infer<typeof NewsletterSubscription>;
export const NewsletterResponse = successEnvelope(NewsletterSubscription);

/** How long a newsletter confirmation link works (double opt-in, ADR 055). */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** The web page the confirmation mail links to (`?token=`), under each language's prefix. */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm';

/** The API's messages of the newsletter (the web shows its own words for each, by status). */
export const NEWSLETTER_MESSAGES = {
  /** POST /api/newsletter, the same whether the address was new, waiting, already subscribed or past a mail limit. */
  checkInbox: 'Thanks! Please check your inbox and confirm your subscription with the link we sent.',
  confirmed: 'Your newsletter subscription is confirmed.',
  invalidToken: 'This confirmation link is not valid.',
  unknownToken: 'This confirmation link is not valid or was already used.',
  expiredToken: 'This confirmation link has expired. Please subscribe again to get a new one.',
  /** POST /api/newsletter/unsubscribe (ADR 058). */
  unsubscribed: 'You are unsubscribed: the newsletter will no longer come to you.',
  notSubscribed: 'This address is not subscribed to the newsletter (any more).',
  invalidUnsubscribeToken: 'This unsubscribe link is not valid.',
  /** POST /api/newsletter/unsubscribe-link, the same whether or not the address is on the list or past a mail limit. */
  unsubscribeLinkSent: 'If this address is subscribed to the newsletter, we have mailed it a link to unsubscribe.',
} as const;

/** A link's token: 32 random bytes in base64url (43 characters). The length is bounded before the pattern. */
export const NewsletterConfirmRequest = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.invalidToken })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.invalidToken)
    .max(64, NEWSLETTER_MESSAGES.invalidToken)
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, NEWSLETTER_MESSAGES.invalidToken)),
});
export type NewsletterConfirmRequest = z.infer<typeof NewsletterConfirmRequest>;

/** POST /api/newsletter/confirm: the address whose subscription the link confirmed. */
export const NewsletterConfirmation = z.object({ email: z.string() });
export type NewsletterConfirmation = z.infer<typeof NewsletterConfirmation>;
export const NewsletterConfirmResponse = successEnvelope(NewsletterConfirmation);

/** The web page of the newsletter's unsubscribe link (`?token=`), under each language's prefix (ADR 058). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/**
 * A newsletter unsubscribe token (ADR 058): `<subscriber id>.<HMAC-SHA256 of it, base64url>`. The length is bounded
 * before the pattern.
 */
export const NewsletterUnsubscribeToken = z
  .string({ error: NEWSLETTER_MESSAGES.invalidUnsubscribeToken })
  .trim()
  .min(1, NEWSLETTER_MESSAGES.invalidUnsubscribeToken)
  .max(64, NEWSLETTER_MESSAGES.invalidUnsubscribeToken)
  .pipe(z.string().regex(/^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43}$/, NEWSLETTER_MESSAGES.invalidUnsubscribeToken));

/** POST /api/newsletter/unsubscribe?token= (the RFC 8058 one-click address) takes the token in the query. */
export const NewsletterUnsubscribeQuery = z.object({ token: NewsletterUnsubscribeToken.optional() });
/**
 * The body of POST /api/newsletter/unsubscribe: the web page's JSON `{token}`, or RFC 8058's form body
 * `List-Unsubscribe=One-Click` (the token then is in the query).
 */
export const NewsletterUnsubscribeRequest = z.object({
  token: NewsletterUnsubscribeToken.optional(),
  'List-Unsubscribe': z.string().max(32).optional(),
});
export type NewsletterUnsubscribeRequest = z.infer<typeof NewsletterUnsubscribeRequest>;

/** `unsubscribed`: the consent was withdrawn now; `not_subscribed`: it was already (a second click). */
export const NEWSLETTER_UNSUBSCRIBE_RESULTS = ['unsubscribed', 'not_subscribed'] as const;
export const NewsletterUnsubscribed = z.object({ result: z.enum(NEWSLETTER_UNSUBSCRIBE_RESULTS) });
export type NewsletterUnsubscribed = z.infer<typeof NewsletterUnsubscribed>;
export const NewsletterUnsubscribeResponse = successEnvelope(NewsletterUnsubscribed);

/** POST /api/newsletter/unsubscribe-link {email}: "lost the link?"; answers the same for every address. */
export const NewsletterUnsubscribeLinkRequest = NewsletterRequest;
export type NewsletterUnsubscribeLinkRequest = z.infer<typeof NewsletterUnsubscribeLinkRequest>;
export const NewsletterUnsubscribeLinkResponse = successEnvelope(z.object({ email: z.string() }));
