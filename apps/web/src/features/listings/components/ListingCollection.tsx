import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { ChevronDown } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../../lib/use-results-heading';
import { formatNumber } from '../lib/format';
import { FIRST, type FirstListings, restChunks, type Sources } from '../lib/listing-chunks';
import { ListLoading } from './ListState';
import { GRID_4, PropertyGrid } from './PropertyGrid';

export {
  CHUNK,
  type Chunk,
  FIRST,
  type FirstListings,
  firstListings,
  restChunks,
  type Sources,
} from '../lib/listing-chunks';

const ListingRest = lazy(() => import('./ListingRest'));

type Props = {
  sources: Sources;
  /** The first FIRST listings and the sources' totals, from the page's loader (in the server's HTML). */
  first: FirstListings;
  /** The section heading (h2) and the list's name. */
  heading: string;
  /** Controls between the heading and the grid (the sell-at-cost rent/sale switch). */
  controls?: ReactNode;
};

/**
 * Recommended (featured first) and sell-at-cost (cheapest first): the first 8 listings, rendered on the server, then
 * all the rest, fetched in the browser once asked for.
 */
export function ListingCollection({ sources, first, heading, controls }: Props) {
  const { t } = useTranslation('listings');
  const [isExpanded, setIsExpanded] = useState(false);
  const rest = useResultsHeading();
  const headingId = useId();

  const total = first.totals.reduce((sum, n) => sum + n, 0);
  const restCount = Math.max(0, total - FIRST);

  useEffect(() => {
    // Focus moves from the vanished button to the heading of what it revealed.
    if (isExpanded) rest.bringIntoView();
  }, [isExpanded, rest.bringIntoView]);

  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {heading}
      </h2>
      {controls}
      <PropertyGrid
        items={first.items}
        isLoading={false}
        error={undefined}
        loadingCount={FIRST}
        columns={GRID_4}
        label={heading}
      />
      {!isExpanded && restCount > 0 ? (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            {t('collection.shown', { shown: formatNumber(FIRST), total: formatNumber(total) })}
          </p>
          <button
            type="button"
            onClick={() => setIsExpanded(true)}
            className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-5 py-2.5 text-sm font-semibold text-teal-800 hover:bg-teal-50"
          >
            <ChevronDown className="size-4" aria-hidden="true" />
            {t('collection.showRest', { count: restCount, total: formatNumber(restCount) })}
          </button>
        </div>
      ) : null}
      {isExpanded ? (
        <>
          <h3 ref={rest.ref} tabIndex={-1} className={`text-lg font-semibold text-slate-900 ${RESULTS_HEADING_CLASS}`}>
            {t('collection.restHeading', { count: restCount, total: formatNumber(restCount) })}
          </h3>
          <Suspense fallback={<ListLoading count={FIRST} columns={GRID_4} />}>
            <ListingRest chunks={restChunks(sources, first.totals)} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
