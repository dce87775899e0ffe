import { MapStatus } from '../../../components/map/MapStatus';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { ExternalLink, MapPin } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { openStreetMapUrl } from '../../../lib/map-links';
import { MAP_TILE_TIMEOUT_MS } from '../../../lib/map-tiles';
import type { mountPointMap } from '../lib/leaflet-point-map';
import { MapUnavailable } from './MapUnavailable';

type Mount = typeof mountPointMap;

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
 * the map arrives); Leaflet loads only in the browser, as the visitor nears the map. Without tiles the pin stays on a plain background with a
 * notice; only when Leaflet itself cannot load does the map give way to a message.
 */
export function ListingMap({ lat, lon, title, load = loadMap, timeoutMs = MAP_TILE_TIMEOUT_MS }: ListingMapProps) {
  const { t } = useTranslation('map');
  const { container, state } = useLeafletMap({
    load,
    timeoutMs,
    // Without tiles the pin stays, on the plain background.
    withoutTiles: 'plain',
    // Below the first screen on a phone (the listing's and the project's page): drawn as the visitor nears it.
    whenNear: true,
    redrawOn: [lat, lon],
    mount: (mount: Mount, element, tiles) => ({
      destroy: mount(element, {
        ...tiles,
        lat,
        lon,
        zoom: LISTING_MAP_ZOOM,
        markerLabel: title,
        zoomIn: t('zoomIn'),
        zoomOut: t('zoomOut'),
      }),
    }),
  });

  if (state === 'failed') return <MapUnavailable className="h-64" />;
  return (
    <section
      aria-label={t('listingLabel')}
      data-testid="listing-map"
      data-state={state}
      className="relative h-64 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100"
    >
      <div ref={container} className="size-full" />
      <MapStatus state={state} loading={t('loading')} plainBackground={t('plainBackground')} />
    </section>
  );
}

/**
 * The listing's address and a link to a full map in a new tab: under the map on every listing page, and all there
 * is where the listing has no coordinates (as the contact page's address card).
 */
export function ListingAddress({
  address,
  lat,
  lon,
}: {
  /** The listing's place as the page shows it (in the page's language). */
  address: string;
  lat?: number | null;
  lon?: number | null;
}) {
  const { t } = useTranslation('map');
  return (
    <div className="mt-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="flex items-start gap-2 text-slate-800">
        <MapPin className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
        {address}
      </p>
      <a
        href={openStreetMapUrl({ lat, lon, query: address })}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 rounded-lg border border-teal-700 bg-white px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
      >
        {t('openInMaps')}
        <ExternalLink className="size-4" aria-hidden="true" />
        {/* A space between the words and the note, for the link's spoken name. */}{' '}
        <span className="sr-only">{t('newTab')}</span>
      </a>
    </div>
  );
}
