import { useTranslation } from '../../../i18n/use-translation';

/**
 * The sort select's choices. The empty choice is the API's default order: relevance when the search has a text (how
 * well it matches, then premium, then freshness; docs/api.md), newest first without one — then "Newest first" is
 * a choice of its own (`sort=newest`).
 */
export function SortOptions({ hasText }: { hasText: boolean }) {
  const { t } = useTranslation('listings');
  return (
    <>
      {hasText ? (
        <>
          <option value="">{t('filters.sortRelevance')}</option>
          <option value="newest">{t('filters.sortNewest')}</option>
        </>
      ) : (
        <option value="">{t('filters.sortNewest')}</option>
      )}
      <option value="price_asc">{t('filters.sortPriceAsc')}</option>
      <option value="price_desc">{t('filters.sortPriceDesc')}</option>
      <option value="price_per_sqm_asc">{t('facts.filters.sortPricePerSqmAsc')}</option>
      <option value="price_per_sqm_desc">{t('facts.filters.sortPricePerSqmDesc')}</option>
    </>
  );
}
