import type { Property, PropertyListParams } from '@baan/contract';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../../lib/use-results-heading';
import { useSearchPropertiesQuery } from '../api/listings-api';
import { formatNumber } from '../lib/format';
import { GRID_4, PropertyGrid } from './PropertyGrid';

/** The spec's "first 8, then the rest" (section 4): 8 listings, then one "Show more" shows all the others. */
export const FIRST = 8;
/**
 * The rest arrives in server pages of this size, the next one as the visitor scrolls near the end, so "all the
 * others" stays cheap with thousands of listings. A multiple of FIRST: page 1 of a source starts with the items
 * already shown, which are skipped.
 */
export const CHUNK = 96;

/** One search, or two shown one after the other (featured first, then the rest). */
export type Sources = [PropertyListParams] | [PropertyListParams, PropertyListParams];

type Props = {
  sources: Sources;
  /** The section heading (h2) and the list's name. */
  heading: string;
  /** Controls between the heading and the grid (the sell-at-cost rent/sale switch). */
  controls?: ReactNode;
};

type Chunk = { params: PropertyListParams; page: number; skip: number };

/** The server pages holding everything after the first FIRST listings, in order. */
export function restChunks(sources: Sources, totals: number[]): Chunk[] {
  const chunks: Chunk[] = [];
  let shownFirst = 0;
  sources.forEach((params, i) => {
    const total = totals[i] ?? 0;
    // How many of this source's listings are among the first FIRST.
    const skip = Math.min(total, FIRST - shownFirst);
    shownFirst += skip;
    for (let page = 1; (page - 1) * CHUNK < total; page++) {
      const pageSkip = Math.max(0, skip - (page - 1) * CHUNK);
      if (Math.min(total, page * CHUNK) - (page - 1) * CHUNK > pageSkip) chunks.push({ params, page, skip: pageSkip });
    }
  });
  return chunks;
}

type ChunkProps = { chunk: Chunk; index: number; label: string; onLoaded: (index: number) => void };

function RestChunk({ chunk, index, label, onLoaded }: ChunkProps) {
  const { data, error, isLoading } = useSearchPropertiesQuery({ ...chunk.params, page: chunk.page, per_page: CHUNK });
  const items = data?.items.slice(chunk.skip);
  const hasItems = !!items;
  useEffect(() => {
    if (hasItems) onLoaded(index);
  }, [hasItems, index, onLoaded]);
  return <PropertyGrid items={items} isLoading={isLoading} error={error} loadingCount={FIRST} label={label} />;
}

/**
 * Calls `onNear` once, when the element comes within a screen of the viewport (at once without
 * IntersectionObserver).
 */
function NearEnd({ onNear }: { onNear: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [onNear]);
  return <div ref={ref} aria-hidden="true" />;
}

/** Recommended (featured first) and sell-at-cost (cheapest first): the first 8 listings, then all the rest. */
export function ListingCollection({ sources, heading, controls }: Props) {
  const { t } = useTranslation('listings');
  const [first, second] = sources;
  const one = useSearchPropertiesQuery({ ...first, page: 1, per_page: FIRST });
  const two = useSearchPropertiesQuery({ ...(second ?? first), page: 1, per_page: FIRST }, { skip: !second });
  const [isExpanded, setIsExpanded] = useState(false);
  // How many chunks of the rest are on screen, and whether the last of them has arrived.
  const [shownChunks, setShownChunks] = useState(1);
  const [loadedChunks, setLoadedChunks] = useState(0);
  const rest = useResultsHeading();
  const headingId = useId();
  const markLoaded = useCallback((index: number) => setLoadedChunks((n) => Math.max(n, index + 1)), []);
  const showNext = useCallback(() => setShownChunks((n) => n + 1), []);

  const isReady = !!one.data && (!second || !!two.data);
  const error = one.error ?? two.error;
  const firstItems: Property[] | undefined = isReady
    ? [...(one.data?.items ?? []), ...(second ? (two.data?.items ?? []) : [])].slice(0, FIRST)
    : undefined;
  const firstTotal = one.data?.total ?? 0;
  const secondTotal = second ? (two.data?.total ?? 0) : 0;
  const total = firstTotal + secondTotal;
  const restCount = Math.max(0, total - FIRST);
  const chunks = isExpanded ? restChunks(sources, [firstTotal, secondTotal]) : [];

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
        items={firstItems}
        isLoading={!isReady}
        error={error}
        loadingCount={FIRST}
        columns={GRID_4}
        label={heading}
      />
      {isReady && !isExpanded && restCount > 0 ? (
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
          {chunks.slice(0, shownChunks).map((chunk, i) => (
            <RestChunk
              key={`${JSON.stringify(chunk.params)}:${chunk.page}`}
              chunk={chunk}
              index={i}
              label={t('collection.morePage', { page: i + 1 })}
              onLoaded={markLoaded}
            />
          ))}
          {loadedChunks >= shownChunks && shownChunks < chunks.length ? (
            <NearEnd key={shownChunks} onNear={showNext} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
