import type { NewsletterRequest } from '@baan/contract';
import { api } from '../../../lib/api';

/** Loaded by the footer's form on submit (the footer is on every page; RTK Query is not in the entry chunk). */
const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    // 201 the same whatever the address (ADR 019): a confirmation link is mailed unless it is subscribed (ADR 055).
    subscribeNewsletter: build.mutation<void, NewsletterRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
  }),
});

export { newsletterApi };
