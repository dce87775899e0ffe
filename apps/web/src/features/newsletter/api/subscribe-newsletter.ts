import type { NewsletterRequest } from '@baan/contract';
// The contract's NewsletterRequest is built with full zod (~18 KB gzip more in the chunk every page loads, since the
// footer is everywhere). The form checks the same rules with zod/mini; the server validates with the contract schema.
import { z } from 'zod/mini';
import { api } from '../../../lib/api';

export const NewsletterEmail = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  z.email(),
) satisfies z.ZodMiniType<NewsletterRequest['email']>;

const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation<unknown, NewsletterRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeNewsletterMutation } = newsletterApi;
