import type { NewsletterRequest } from '@baan/contract';
import { api } from '../../../lib/api';

/** Loaded by the footer's form on submit (the footer is on every page; RTK Query is not in the entry chunk). */
const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation<{ isAlreadySubscribed: boolean }, NewsletterRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
      // The call is idempotent (201 both times); the payload says whether the address was already on the list.
      transformResponse: (payload: { already_subscribed?: boolean }) => ({
        isAlreadySubscribed: payload?.already_subscribed === true,
      }),
    }),
  }),
});

export { newsletterApi };
