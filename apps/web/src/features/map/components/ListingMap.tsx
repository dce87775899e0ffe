import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_TILE_TIMEOUT_MS, useMapTileUrl } from '../../../lib/map-tiles';
import type { mountPointMap } from '../lib/leaflet-point-map';
import { MapUnavailable } from './MapUnavailable';

type Mount = typeof mountPointMap;
type MapState = 'loading' | 'ready' | 'failed';

const loadMap = async (): Promise<Mount> => (await import('../lib/leaflet-point-map')).mountPointMap;

/** Street level: close enough to see the block, far enough to see the neighbourhood. */
export const LISTING_MAP_ZOOM = 15;

interface ListingMapProps {
  lat: number;
  lon: number;
  /** The listing's title: the marker's name. */
  title: string;
  load?: () => Promise<Mount>;
  timeoutMs?: number;
}

/**
 * Where a listing is, on a small map. The server renders a placeholder of the map's height (nothing moves when
 * the map arrives); Leaflet loads only in the browser. Without tiles the map gives way to a message.
 */
export function ListingMap({ lat, lon, title, load = loadMap, timeoutMs = MAP_TILE_TIMEOUT_MS }: ListingMapProps) {
  const { t } = useTranslation('map');
  const tileUrl = useMapTileUrl();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn once per place; the texts are read then.
  useEffect(() => {
    let isCancelled = false;
    let teardown: (() => void) | undefined;
    const fail = () => {
      teardown?.();
      teardown = undefined;
      if (!isCancelled) setState('failed');
    };
    setState('loading');
    load()
      .then((mount) => {
        if (isCancelled || !container.current) return;
        teardown = mount(container.current, {
          tileUrl,
          timeoutMs,
          lat,
          lon,
          zoom: LISTING_MAP_ZOOM,
          markerLabel: title,
          zoomIn: t('zoomIn'),
          zoomOut: t('zoomOut'),
          onReady: () => setState('ready'),
          onFailed: fail,
        });
      })
      .catch(fail);
    return () => {
      isCancelled = true;
      teardown?.();
    };
  }, [load, timeoutMs, tileUrl, lat, lon]);

  if (state === 'failed') return <MapUnavailable className="h-64" />;
  return (
    <section
      aria-label={t('listingLabel')}
      data-testid="listing-map"
      data-state={state}
      className="relative h-64 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100"
    >
      <div ref={container} className="size-full" />
      {state === 'loading' ? (
        <p
          role="status"
          className="pointer-events-none absolute inset-0 z-[500] grid place-items-center text-sm text-slate-600"
        >
          {t('loading')}
        </p>
      ) : null}
    </section>
  );
}
