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

/** POST /api/newsletter answers 201 either way; `already_subscribed` tells the two apart. */
export const NewsletterSubscription = z.object({ email: z.string(), already_subscribed: z.boolean() });
export type NewsletterSubscription = z.infer<typeof NewsletterSubscription>;
export const NewsletterResponse = successEnvelope(NewsletterSubscription);
