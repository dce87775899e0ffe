import type { PropertyListParams } from '@baan/contract';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hero } from '../../components/ui/Hero';
import { useSearchPropertiesQuery } from '../../features/listings/api/listings-api';
import { PropertyGrid } from '../../features/listings/components/PropertyGrid';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';

/** The spec's "first 8, then the rest": server pages of 8; each "Show more" adds two of them. */
const PAGE = 8;
const PAGES_PER_CLICK = 2;

type Props = {
  /** i18n key prefix of the page's texts. */
  textKey: 'recommend' | 'cost';
  /** One or two searches shown one after the other (featured first, then the rest). */
  sources: [PropertyListParams] | [PropertyListParams, PropertyListParams];
};

function CollectionPage({ params, page, label }: { params: PropertyListParams; page: number; label: string }) {
  const { data, error, isLoading } = useSearchPropertiesQuery({ ...params, page, per_page: PAGE });
  return <PropertyGrid items={data?.items} isLoading={isLoading} error={error} loadingCount={PAGE} label={label} />;
}

/** Recommended (featured first) and sell-at-cost (cheapest first) collections. */
export function ListingCollection({ textKey, sources }: Props) {
  const { t } = useTranslation('listings');
  const [pages, setPages] = useState(1);
  const [first, second] = sources;
  const { data } = useSearchPropertiesQuery({ ...first, page: 1, per_page: PAGE });
  const rest = useSearchPropertiesQuery({ ...(second ?? first), page: 1, per_page: PAGE }, { skip: !second });
  usePageMeta(t(`${textKey}.title`), t(`${textKey}.description`));
  const firstPages = Math.ceil((data?.total ?? 0) / PAGE);
  const total = (data?.total ?? 0) + (second ? (rest.data?.total ?? 0) : 0);
  const totalPages = firstPages + (second ? Math.ceil((rest.data?.total ?? 0) / PAGE) : 0);
  const shown = Math.min(pages, totalPages) === totalPages ? total : pages * PAGE;
  // Page slot i: the first search's pages, then the second's.
  const slot = (i: number) =>
    i < firstPages || !second ? { params: first, page: i + 1 } : { params: second, page: i - firstPages + 1 };

  return (
    <>
      <Hero title={t(`${textKey}.title`)} description={t(`${textKey}.heroDescription`)} />
      <section className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6" aria-labelledby={`${textKey}-heading`}>
        <h2 id={`${textKey}-heading`} className="text-2xl font-bold text-slate-900">
          {t(`${textKey}.heading`)}
        </h2>
        {Array.from({ length: Math.max(1, Math.min(pages, totalPages)) }, (_, i) => (
          <CollectionPage
            key={`${JSON.stringify(slot(i).params)}:${slot(i).page}`}
            params={slot(i).params}
            page={slot(i).page}
            label={i === 0 ? t(`${textKey}.heading`) : t('collection.morePage', { page: i + 1 })}
          />
        ))}
        {data && pages < totalPages ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-slate-600">{t('collection.shown', { shown, total })}</p>
            <button
              type="button"
              onClick={() => setPages((n) => n + PAGES_PER_CLICK)}
              className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-5 py-2.5 text-sm font-semibold text-teal-800 hover:bg-teal-50"
            >
              <ChevronDown className="size-4" aria-hidden="true" />
              {t('collection.showMore')}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
