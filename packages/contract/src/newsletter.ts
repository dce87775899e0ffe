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
