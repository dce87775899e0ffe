import type { LoaderFunctionArgs } from 'react-router';
import { fixedT } from '../i18n/i18n.server';
import { pageSeo, requestLanguage } from './seo.server';

/**
 * The loader of a page opened from a mailed link that holds a token (the newsletter's confirm and unsubscribe
 * pages): its title and description in the link's language, never indexed. Pair it with link-page.ts's headers and
 * meta (no referrer, never cached).
 */
export function linkPageLoader(titleKey: string, descriptionKey: string) {
  return ({ request, context }: LoaderFunctionArgs) => {
    const t = fixedT(requestLanguage(request), 'common');
    const seo = pageSeo({
      request,
      context,
      title: t(titleKey),
      description: t(descriptionKey),
      robots: 'noindex, nofollow',
    });
    return { seo };
  };
}
