import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchPropertiesQuery } from '../api/listings-api';
import { CHUNK, type Chunk, FIRST } from '../lib/listing-chunks';
import { PropertyGrid } from './PropertyGrid';

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

/**
 * Everything after the first 8, fetched in the browser in server pages of CHUNK, the next one as the visitor
 * scrolls near the end. Its own chunk: RTK Query and the contract's schemas load only once "Show more" is pressed.
 */
export default function ListingRest({ chunks }: { chunks: Chunk[] }) {
  const { t } = useTranslation('listings');
  // How many chunks of the rest are on screen, and whether the last of them has arrived.
  const [shownChunks, setShownChunks] = useState(1);
  const [loadedChunks, setLoadedChunks] = useState(0);
  const markLoaded = useCallback((index: number) => setLoadedChunks((n) => Math.max(n, index + 1)), []);
  const showNext = useCallback(() => setShownChunks((n) => n + 1), []);
  return (
    <>
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
  );
}
