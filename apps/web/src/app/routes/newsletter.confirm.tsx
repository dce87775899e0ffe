import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { NewsletterConfirmPage } from '../../features/newsletter/components/NewsletterConfirmPage';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

/** Never indexed, never cached, and the address (it holds the link's token) is never sent on as a referrer. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'common');
  const seo = pageSeo({
    request,
    context,
    title: t('newsletterConfirm.title'),
    description: t('newsletterConfirm.metaDescription'),
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

/** /newsletter/confirm?token=: the newsletter confirmation mail's link; the button confirms (newsletter feature, ADR 055). */
export default function NewsletterConfirm() {
  return <NewsletterConfirmPage />;
}
