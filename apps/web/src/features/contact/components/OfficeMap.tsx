import { MapStatus } from '../../../components/map/MapStatus';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { ExternalLink, MapPin } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import type { mountOfficeMap } from '../lib/leaflet-map';
import { MAP_TILE_TIMEOUT_MS, OFFICE_MAP_URL } from '../lib/office';

type Mount = typeof mountOfficeMap;

const loadMap = async (): Promise<Mount> => (await import('../lib/leaflet-map')).mountOfficeMap;

/** The office address with a link to OpenStreetMap: the map's stand-in when it cannot be shown. */
export function OfficeAddressCard() {
  const { t } = useTranslation('contact');
  return (
    <div
      data-testid="map-fallback"
      className="flex h-full min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center"
    >
      <MapPin className="size-10 text-teal-700" aria-hidden="true" />
      <p className="text-sm text-slate-600">{t('map.unavailable')}</p>
      <address className="text-base font-semibold text-slate-900 not-italic">{t('info.address')}</address>
      <a
        href={OFFICE_MAP_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {t('info.openInMaps')}
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only">{t('info.newTab')}</span>
      </a>
    </div>
  );
}

interface OfficeMapProps {
  /** Loads Leaflet and returns the map's mount; a test can pass one that fails. */
  load?: () => Promise<Mount>;
  timeoutMs?: number;
}

/**
 * An OpenStreetMap map of the office. Leaflet loads only here, after the page has painted; when it cannot load,
 * or no tile arrives (offline, blocked, a tile error before any tile), the address card takes the map's place.
 */
export function OfficeMap({ load = loadMap, timeoutMs = MAP_TILE_TIMEOUT_MS }: OfficeMapProps) {
  const { t } = useTranslation('contact');
  const { container, state } = useLeafletMap({
    load,
    timeoutMs,
    // Without tiles the office's map says nothing the address card does not: the card takes its place.
    withoutTiles: 'fail',
    mount: (mount: Mount, element, tiles) => mount(element, { ...tiles, markerLabel: t('map.marker') }),
  });

  if (state === 'failed') return <OfficeAddressCard />;
  return (
    <div className="relative h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-96">
      <section aria-label={t('map.label')} data-testid="office-map" data-state={state} className="size-full">
        <div ref={container} className="size-full" />
      </section>
      <MapStatus state={state} loading={t('map.loading')} />
    </div>
  );
}
