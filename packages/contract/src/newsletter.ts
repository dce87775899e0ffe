import { z } from 'zod';

export const NewsletterRequest = z.object({
  email: z
    .string({ error: 'E-mail is required.' })
    .trim()
    .min(1, 'E-mail is required.')
    .max(320, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid e-mail address.')),
});
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;
