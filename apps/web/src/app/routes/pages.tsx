import { languageFromPrefix } from '@baan/contract';
import {
  type ClientLoaderFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  Outlet,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { NotFound } from '../../components/ui/NotFound';
import { CompareTray } from '../../features/compare/components/CompareTray';
import i18n, { switchLanguage } from '../../i18n';
import { fixedT } from '../../i18n/i18n.server';

/** A first segment that is no language and no page (`/no-such-page`) is a 404, as is any unknown path below. */
function pageLanguage(lang: string | undefined) {
  const language = languageFromPrefix(lang);
  if (!language) throw data(null, { status: 404 });
  return language;
}

/** The titles a page without its own can show: the site's (account screens) and the not-found one. */
function titles(t: (key: string) => string) {
  return { siteTitle: t('meta.title'), notFoundTitle: `${t('notFound.title')} | Baan` };
}

export function loader({ params }: LoaderFunctionArgs) {
  return titles(fixedT(pageLanguage(params.lang)));
}

/** In the browser, a page in another language waits for that language's files before it shows. */
export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  // An unknown first segment is an English address (no prefix): its not-found screen is English too.
  await switchLanguage(languageFromPrefix(params.lang) ?? 'en');
  pageLanguage(params.lang);
  return titles(i18n.t);
}

/**
 * Its data depends on the language alone: a move within the same language (a filter in the address, another page)
 * does not run it again, so such a move renders at once instead of waiting for a loader that returns the same.
 */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang;
}

/** A page that failed (a 404 included) is not to be indexed. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error
    ? [{ title: data?.notFoundTitle ?? "We can't find that page | Baan" }, { name: 'robots', content: 'noindex' }]
    : [];

export default function Pages() {
  return (
    <>
      <Outlet />
      {/* The compare selection (browser only): how many are picked, and the link to compare them. */}
      <CompareTray />
    </>
  );
}

export function ErrorBoundary() {
  return <NotFound />;
}
