import { localizedPath, type MapPoint } from '@baan/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState } from 'react';
import { MapStatus } from '../../../components/map/MapStatus';
import { TilePreview } from '../../../components/map/TilePreview';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { useNavigate, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { MAP_TILE_TIMEOUT_MS } from '../../../lib/map-tiles';
import { useLazyPropertiesMapQuery, usePropertiesMapQuery } from '../api/map-api';
import { type BBox, bboxParam, parseBbox, THAILAND_BBOX } from '../lib/bbox';
import type { mountSearchMap, SearchMap as SearchMapHandle } from '../lib/leaflet-search-map';
import { compactCount, formatWhole, fullPrice, shortPrice } from '../lib/price-label';
import { MapUnavailable } from './MapUnavailable';

type Mount = typeof mountSearchMap;

const loadMap = async (): Promise<Mount> => (await import('../lib/leaflet-search-map')).mountSearchMap;

/** How long the map must rest before its area goes into the address (and the list re-loads for it). */
export const BBOX_WRITE_DELAY_MS = 500;
/** The zoom at which all of Thailand fits a map (what the refit asks the listings of the filters at). */
const THAILAND_ZOOM = 5;

interface SearchMapProps {
  /** The list's filters as a query string (`?q=…`, or ''; bbox, page and sort are ignored): the map shows the same listings. */
  filters: string;
  /** The address's `bbox`: where the map opens. */
  bbox: string | undefined;
  /** Writes the map's area into the address (the caller replaces the history entry). */
  onBbox: (bbox: string) => void;
  /** Drops the area from the address (offered when the map cannot be shown). */
  onClearBbox: () => void;
  load?: () => Promise<Mount>;
  timeoutMs?: number;
  delayMs?: number;
}

/**
 * The search map: the listings of the current filters inside the map's area, clustered. Moving the map writes its
 * area into the address (debounced), so the list beside it follows; new filters refit the map to their listings.
 * Leaflet loads only in the browser, after the page has painted. Without tiles the markers stay, on a plain
 * background, with a notice; only when Leaflet itself cannot load does the map give way to a message.
 */
export function SearchMap({
  filters,
  bbox,
  onBbox,
  onClearBbox,
  load = loadMap,
  timeoutMs = MAP_TILE_TIMEOUT_MS,
  delayMs = BBOX_WRITE_DELAY_MS,
}: SearchMapProps) {
  const { t } = useTranslation('map');
  const language = usePageLanguage();
  const navigate = useNavigate();
  const descriptionId = useId();
  /** The drawn map (useLeafletMap fills it). */
  const handle = useRef<SearchMapHandle | null>(null);
  const [isMounted, setIsMounted] = useState(false);
  /** The map's own area, rounded, and its zoom: what its clusters and listings are asked for. */
  const [view, setView] = useState<{ bbox: string; zoom: number } | undefined>(undefined);
  const filtersKey = filters;
  const [fetchWide] = useLazyPropertiesMapQuery();

  // The latest props, for the map's event handlers (which are bound once).
  const latest = useRef({ bbox, onBbox, filters, navigate, t, delayMs });
  latest.current = { bbox, onBbox, filters, navigate, t, delayMs };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The area the map last wrote into the address (or opened on): any other one came from Back, Forward or a link. */
  const written = useRef(bbox);

  /** The map came to rest: ask for its points now, and write its area into the address once it stays. */
  const moved = (area: BBox, zoom: number) => {
    const param = bboxParam(area);
    // The same area and zoom keep the same object (no render, no new request).
    setView((shown) => (shown?.bbox === param && shown.zoom === zoom ? shown : { bbox: param, zoom }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (param === latest.current.bbox) return;
      written.current = param;
      latest.current.onBbox(param);
    }, latest.current.delayMs);
  };

  /** Fits the map to the listings of the current filters (anywhere in Thailand). */
  const refit = async () => {
    const wide = await fetchWide(
      { filters: latest.current.filters, bbox: bboxParam(THAILAND_BBOX), zoom: THAILAND_ZOOM },
      true,
    )
      .unwrap()
      .catch(() => null);
    const map = handle.current;
    if (!map) return;
    map.fitPoints([...(wide?.clusters ?? []), ...(wide?.items ?? [])]);
    moved(map.bbox(), map.zoom());
  };

  const { container, state } = useLeafletMap({
    handle,
    load,
    timeoutMs,
    // The tiles are only the background: the markers, the moves and the list they drive still work without them.
    withoutTiles: 'plain',
    mount: (mount: Mount, element, tiles) =>
      mount(element, {
        ...tiles,
        bbox: parseBbox(latest.current.bbox),
        labels: {
          // Starts with the pill's visible price, so the spoken name contains what is seen (WCAG 2.5.3).
          marker: (point: MapPoint) =>
            `${shortPrice(point.price)} · ${point.title}, ${fullPrice(point, t('perMonth'))}`,
          cluster: (count: number) => t('cluster', { count, total: formatWhole(count) }),
          clusterCount: (count: number) => (count < 10_000 ? formatWhole(count) : compactCount(count)),
          open: t('open'),
          zoomIn: t('zoomIn'),
          zoomOut: t('zoomOut'),
        },
        shortPrice: (point) => shortPrice(point.price),
        fullPrice: (point) => fullPrice(point, latest.current.t('perMonth')),
        hrefFor: (id) => localizedPath(language, `/detail/${id}`),
        onNavigate: (id) => latest.current.navigate(`/detail/${id}`),
        onMove: moved,
      }),
    onMounted: (map) => {
      setView({ bbox: bboxParam(map.bbox()), zoom: map.zoom() });
      setIsMounted(true);
      // Opened without an area: show where the listings are (which writes that area).
      if (!parseBbox(latest.current.bbox)) void refit();
    },
  });

  const openingArea = parseBbox(bbox);

  const { data } = usePropertiesMapQuery(
    view && state !== 'failed' ? { filters, bbox: view.bbox, zoom: view.zoom } : skipToken,
  );

  // The area waiting to be written goes with the map.
  useEffect(() => () => clearTimeout(timer.current), []);

  // New filters: the map goes to their listings (not on the first render: the address's area wins then).
  const shownFilters = useRef(filtersKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit reads the latest filters itself.
  useEffect(() => {
    if (shownFilters.current === filtersKey) return;
    shownFilters.current = filtersKey;
    if (handle.current) void refit();
  }, [filtersKey]);

  // The address lost its area (a new search) while the filters stayed: write the map's area back.
  useEffect(() => {
    const map = handle.current;
    if (isMounted && bbox === undefined && map && shownFilters.current === filtersKey) moved(map.bbox(), map.zoom());
  });

  // The address's area changed from outside the map (Back, Forward, a link to /Quick?bbox=…): the map goes there.
  useEffect(() => {
    const area = parseBbox(bbox);
    if (!isMounted || !area || bbox === written.current) return;
    written.current = bbox;
    clearTimeout(timer.current);
    handle.current?.showBbox(area);
  }, [bbox, isMounted]);

  useEffect(() => {
    if (isMounted && data) handle.current?.setPoints(data.items, data.clusters);
  }, [data, isMounted]);

  if (state === 'failed') {
    return (
      <MapUnavailable className="h-72 lg:h-[32rem]">
        <p className="text-sm text-slate-600">{t('useList')}</p>
        {bbox ? (
          <button
            type="button"
            onClick={onClearBbox}
            className="mt-1 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
          >
            {t('showAll')}
          </button>
        ) : null}
      </MapUnavailable>
    );
  }

  return (
    <div>
      <section
        aria-label={t('searchLabel')}
        aria-describedby={descriptionId}
        data-testid="search-map"
        data-state={state}
        className="relative h-[60vh] min-h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 lg:h-[32rem]"
      >
        <p id={descriptionId} className="sr-only">
          {t('searchDescription')}
        </p>
        {/* The address's area painted from its tiles until the map's own arrive; the map above it is see-through. */}
        {state === 'loading' && openingArea ? <TilePreview area={openingArea} /> : null}
        <div ref={container} className="relative size-full bg-transparent!" />
        <MapStatus state={state} loading={t('loading')} plainBackground={t('plainBackground')} />
      </section>
      {data && data.clusters.length === 0 && data.items.length < data.total ? (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('truncated', {
            shown: formatWhole(data.items.length),
            total: `${formatWhole(data.total)}${data.total_capped ? '+' : ''}`,
          })}
        </p>
      ) : data?.total_capped ? (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('capped', { total: formatWhole(data.total) })}
        </p>
      ) : null}
    </div>
  );
}
