import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { AlertUnsubscribePage } from '../../features/saved-searches/components/AlertUnsubscribePage';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['saved'] };

/** The page's title in its language; never indexed (every address carries someone's token). */
export function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'saved');
  const seo = pageSeo({
    request,
    context,
    title: t('unsubscribe.title'),
    description: t('unsubscribe.metaDescription'),
    robots: 'noindex, nofollow',
  });
  return { seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /alerts/unsubscribe?token=: a saved search's alert mail link; the browser ends the alert (saved-searches feature). */
export default function AlertUnsubscribe() {
  return <AlertUnsubscribePage />;
}
