import { useTranslation } from 'react-i18next';
import { Hero } from '../../components/ui/Hero';
import { ListingCollection } from '../../features/listings/components/ListingCollection';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';

/** Recommended: featured listings first (then everything else, newest first); the first 8, then the rest. */
export function Component() {
  const { t } = useTranslation('listings');
  usePageMeta(t('recommend.title'), t('recommend.description'));
  return (
    <>
      <Hero title={t('recommend.title')} description={t('recommend.heroDescription')} size="band" />
      <ListingCollection heading={t('recommend.heading')} sources={[{ featured: '1' }, { featured: '0' }]} />
    </>
  );
}
