import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { unprefixedPath } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { useDismissToastsOnNavigation } from '../../lib/toast';
import { FavoritesSync } from '../../session/use-favorite';
import { ConnectionCheck } from './ConnectionCheck';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}

export function MainLayout() {
  const { pathname } = useLocation();
  const isHome = unprefixedPath(pathname) === '/';
  // The toasts of the page before do not follow the person to this one.
  useDismissToastsOnNavigation(pathname);
  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink />
      <FavoritesSync />
      <Header />
      {/* The header is fixed; only home lets the hero slide under it. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`flex-1 focus:outline-none ${isHome ? '' : 'pt-[105px]'}`}>
        {/* A screen whose translations are not loaded yet (routes preload theirs) waits here, not in a blank page. */}
        <Suspense fallback={<div className="min-h-svh" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ConnectionCheck />
    </div>
  );
}
