import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hero } from '../../components/ui/Hero';
import { HomeSearch } from '../../features/listings/components/HomeSearch';

// The sections below the banner (and the schemas that check their data) load once the visitor
// scrolls toward them, so the first paint carries only the banner's code.
const HomeSections = lazy(() => import('../../features/listings/components/home/HomeSections'));

function useIsNear(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const target = ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setIsNear(true);
        observer.disconnect();
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return [ref, isNear];
}

export function HomeRoute() {
  const { t } = useTranslation();
  const [sentinel, isNear] = useIsNear();
  return (
    <>
      <Hero title={t('home.hero.title')} description={t('home.hero.description')}>
        <HomeSearch />
      </Hero>
      {isNear ? (
        <Suspense fallback={<div className="min-h-screen" />}>
          <HomeSections />
        </Suspense>
      ) : (
        <div ref={sentinel} className="min-h-screen" />
      )}
    </>
  );
}
