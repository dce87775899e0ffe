import type { HeadersFunction, MetaFunction } from 'react-router';
import type { linkPageLoader } from './link-page.server';
import { seoMeta } from './seo';

/** A link page is never cached, and its address (it holds the link's token) is never sent on as a referrer. */
export const linkPageHeaders: HeadersFunction = () => ({
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
});

export const linkPageMeta: MetaFunction<ReturnType<typeof linkPageLoader>> = ({ data }) => [
  ...seoMeta(data?.seo),
  { name: 'referrer', content: 'no-referrer' },
];
