import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { GuestThreadPage } from '../../features/conversations/components/GuestThreadPage';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['conversations'] };

/** Never indexed, never cached, and the address (it holds the guest's token) is never sent on as a referrer. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'conversations');
  const seo = pageSeo({
    request,
    context,
    title: t('guest.title'),
    description: t('guest.intro'),
    robots: 'noindex, nofollow',
  });
  return { seo };
}

export const headers: HeadersFunction = () => ({
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...seoMeta(data?.seo),
  { name: 'referrer', content: 'no-referrer' },
];

/** /messages/{id}?token=: the guest's thread through the link mailed to them (conversations feature). */
export default function GuestMessages() {
  return <GuestThreadPage />;
}
