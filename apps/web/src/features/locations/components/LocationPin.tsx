import { useEffect, useId, useRef, useState } from 'react';
import { MapStatus } from '../../../components/map/MapStatus';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { useTranslation } from '../../../i18n/use-translation';
import { MAP_TILE_TIMEOUT_MS } from '../../../lib/map-tiles';
import type { mountPinMap, PinMap } from '../lib/leaflet-pin-map';

type Mount = typeof mountPinMap;

const loadMap = async (): Promise<Mount> => (await import('../lib/leaflet-pin-map')).mountPinMap;

/** Close enough to put the pin on the right building. */
export const PIN_MAP_ZOOM = 16;

/** Coordinates as the form keeps them: 6 decimals (about 10 cm). */
export const roundCoordinate = (value: number) => Number(value.toFixed(6));

interface LocationPinProps {
  lat: number;
  lon: number;
  /** The pin was moved: the form's new coordinates (rounded to 6 decimals). */
  onMove: (lat: number, lon: number) => void;
  load?: () => Promise<Mount>;
  timeoutMs?: number;
}

/**
 * After a place is chosen: a small map with a pin on it, which the owner may drag (or move with the arrow keys)
 * to the exact spot. Optional: the chosen place already set the coordinates. Without tiles it shows nothing but a
 * short note (the place's coordinates stand).
 */
export function LocationPin({ lat, lon, onMove, load = loadMap, timeoutMs = MAP_TILE_TIMEOUT_MS }: LocationPinProps) {
  const { t } = useTranslation('locations');
  const hintId = useId();
  /** The drawn map (useLeafletMap fills it). */
  const handle = useRef<PinMap | null>(null);
  const [moved, setMoved] = useState<{ lat: number; lon: number } | null>(null);
  const reported = useRef({ lat, lon });
  const latest = useRef(onMove);
  latest.current = onMove;

  const { container, state } = useLeafletMap({
    handle,
    load,
    timeoutMs,
    // Without tiles the owner could not see where to put the pin: the map goes (the place's coordinates stand).
    withoutTiles: 'fail',
    mount: (mount: Mount, element, tiles) =>
      mount(element, {
        ...tiles,
        lat: reported.current.lat,
        lon: reported.current.lon,
        zoom: PIN_MAP_ZOOM,
        pinLabel: t('pin.marker'),
        zoomIn: t('pin.zoomIn'),
        zoomOut: t('pin.zoomOut'),
        onMove: (nextLat, nextLon) => {
          const at = { lat: roundCoordinate(nextLat), lon: roundCoordinate(nextLon) };
          reported.current = at;
          setMoved(at);
          latest.current(at.lat, at.lon);
        },
      }),
  });

  // Another place was chosen: the pin goes there.
  useEffect(() => {
    if (lat === reported.current.lat && lon === reported.current.lon) return;
    reported.current = { lat, lon };
    setMoved(null);
    handle.current?.moveTo(lat, lon);
  }, [lat, lon]);

  if (state === 'failed') {
    return (
      <p className="mt-2 text-sm text-slate-600" data-testid="pin-unavailable">
        {t('pin.unavailable')}
      </p>
    );
  }
  return (
    <div className="mt-3">
      <p id={hintId} className="mb-2 text-sm text-slate-600">
        {t('pin.hint')}
      </p>
      <section
        aria-label={t('pin.label')}
        aria-describedby={hintId}
        data-testid="pin-map"
        data-state={state}
        className="relative h-56 overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
      >
        <div ref={container} className="size-full" />
        <MapStatus state={state} loading={t('pin.loading')} />
      </section>
      <p role="status" className="mt-1 min-h-5 text-xs text-slate-600">
        {moved ? t('pin.moved', { lat: moved.lat, lon: moved.lon }) : ''}
      </p>
    </div>
  );
}
