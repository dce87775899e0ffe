import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { UnsubscribePage } from '../../features/stats/components/UnsubscribePage';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['stats'] };

/** The page's title in its language; never indexed (every address carries someone's token). */
export function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'stats');
  const seo = pageSeo({
    request,
    context,
    title: t('unsubscribe.title'),
    description: t('unsubscribe.lead'),
    robots: 'noindex, nofollow',
  });
  return { seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /unsubscribe?u=&t=: the weekly report's unsubscribe link; the button sends the one-click POST (stats feature). */
export default function Unsubscribe() {
  return <UnsubscribePage />;
}
