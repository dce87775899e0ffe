import { localizedPath } from '@baan/contract';
import { type FormEvent, type ReactNode, useEffect, useId } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link, useNavigate, usePageLanguage } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { House, Search } from './icons';

/** The longest search text the listings search takes (the contract's `q`). */
const MAX_QUERY = 200;

interface NotFoundProps {
  /** The heading instead of "We can't find that page" (a listing no longer available says so). */
  title?: string;
  message?: string;
  /** Below the search and the way home: similar listings, say. */
  children?: ReactNode;
}

/**
 * The error / not-found screen: what happened, a search box (a plain GET form to /Quick, so it works without
 * JavaScript) and the way home. As a route `errorElement` it receives the error and logs real failures, and says
 * something went wrong instead of "not found"; as the catch-all route (or for a 404 answer) there is nothing to log.
 */
export function NotFound({ title, message, children }: NotFoundProps) {
  const { t } = useTranslation();
  const error = useRouteError();
  const isFailure = error != null && !(isRouteErrorResponse(error) && error.status === 404);

  useEffect(() => {
    if (isFailure) console.error(error);
  }, [error, isFailure]);

  return (
    <>
      <section
        aria-labelledby="not-found-title"
        className="flex min-h-[50vh] items-center justify-center bg-gradient-to-b from-slate-50 to-white px-4 py-16"
      >
        <div className="w-full max-w-xl text-center">
          <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase">
            {t(isFailure ? 'notFound.failureCode' : 'notFound.code')}
          </p>
          <h1 id="not-found-title" className="mt-3 text-2xl font-bold text-balance text-slate-900 sm:text-3xl">
            {title ?? t(isFailure ? 'notFound.failureTitle' : 'notFound.title')}
          </h1>
          <p className="mt-4 text-base leading-relaxed text-slate-600">
            {message ?? t(isFailure ? 'notFound.failureMessage' : 'notFound.message')}
          </p>
          <SearchBox />
          <Link
            to="/"
            className="mt-6 inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
          >
            <House className="size-4" aria-hidden="true" />
            {t('notFound.goHome')}
          </Link>
        </div>
      </section>
      {children}
    </>
  );
}

/** A search of the listings: a GET form to /Quick in the page's language; in the browser, a navigation in place. */
function SearchBox() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const navigate = useNavigate();
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/Quick?${new URLSearchParams({ q })}` : '/Quick');
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows.
    <form
      role="search"
      method="get"
      action={localizedPath(language, '/Quick')}
      onSubmit={onSubmit}
      className="mt-8 text-left"
    >
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {t('notFound.searchLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="q"
          type="search"
          maxLength={MAX_QUERY}
          placeholder={t('notFound.searchPlaceholder')}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-200"
        />
        <button
          type="submit"
          className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
        >
          <Search className="size-4" aria-hidden="true" />
          {t('notFound.search')}
        </button>
      </div>
    </form>
  );
}

/** For the root route: the layout itself failed, so this screen brings its own landmark. */
export function RootErrorScreen() {
  return (
    <main id="main-content">
      <NotFound />
    </main>
  );
}
