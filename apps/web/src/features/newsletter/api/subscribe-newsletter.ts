import type { NewsletterRequest } from '@baan/contract';
// The contract's NewsletterRequest is built with full zod (~18 KB gzip more in the chunk every page loads, since the
// footer is everywhere). The form checks the same rules with zod/mini; the server validates with the contract schema.
import { z } from 'zod/mini';
import { type ApiMeta, api } from '../../../lib/api';

/** The API's message for an address that was already on the list (routes/newsletter). */
export const ALREADY_SUBSCRIBED = 'You are already subscribed.';

export const NewsletterEmail = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  z.email(),
) satisfies z.ZodMiniType<NewsletterRequest['email']>;

const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation<{ isAlreadySubscribed: boolean }, NewsletterRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
      // The call is idempotent: the answer's message is the only thing that tells a repeat from a new subscription.
      transformResponse: (_payload, meta: ApiMeta | undefined) => ({
        isAlreadySubscribed: meta?.message === ALREADY_SUBSCRIBED,
      }),
    }),
  }),
});

export const { useSubscribeNewsletterMutation } = newsletterApi;
