import { House } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useNavigate } from '../../i18n/localized-router';

/**
 * The spec's error / not-found screen. As a route `errorElement` it receives the error and logs real failures;
 * as the catch-all route (or for a 404 answer) there is nothing to log.
 */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const error = useRouteError();

  useEffect(() => {
    if (error == null) return;
    if (isRouteErrorResponse(error) && error.status === 404) return;
    console.error(error);
  }, [error]);

  return (
    <section
      aria-labelledby="not-found-title"
      className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-slate-50 to-white px-4 py-20"
    >
      <div className="max-w-xl text-center">
        <p className="text-6xl font-extrabold tracking-tight text-teal-800 sm:text-7xl">{t('notFound.oops')}</p>
        <h1 id="not-found-title" className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">
          <span>{t('notFound.errorCode')}</span> <span>{t('notFound.title')}</span>
        </h1>
        <p className="mt-4 text-base leading-relaxed text-slate-600">{t('notFound.message')}</p>
        <button
          type="button"
          onClick={() => navigate('/')}
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-teal-700 px-6 py-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-teal-800"
        >
          <House className="size-4" aria-hidden="true" />
          {t('notFound.goHome')}
        </button>
      </div>
    </section>
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
