import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Hero } from '../../components/ui/Hero';
import { HomeSearch } from '../../features/listings/components/HomeSearch';

// The sections below the banner (and the schemas that check their data) load after first paint.
const HomeSections = lazy(() => import('../../features/listings/components/home/HomeSections'));

export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Hero title={t('home.hero.title')} description={t('home.hero.description')}>
        <HomeSearch />
      </Hero>
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
