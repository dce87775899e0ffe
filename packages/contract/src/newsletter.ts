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
