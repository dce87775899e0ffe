import { useMemo } from 'react';
import { useMapTileUrl } from '../../lib/map-tiles';
import { type PreviewArea, previewTiles } from './tile-preview';

/**
 * The map's area drawn from its tiles before Leaflet arrives (tile-preview.ts): sent with the page's HTML, so the
 * visitor sees the place at the first paint. The caller places it under the map and drops it once the map's own
 * tiles show. Decorative: the map's region names and describes what it shows.
 */
export function TilePreview({ area }: { area: PreviewArea }) {
  const template = useMapTileUrl();
  const [west, south, east, north] = area;
  const { tiles } = useMemo(
    () => previewTiles([west, south, east, north], template),
    [west, south, east, north, template],
  );
  return (
    <div aria-hidden="true" data-testid="tile-preview" className="pointer-events-none absolute inset-0 overflow-hidden">
      {tiles.map((tile) => (
        <img
          key={tile.src}
          src={tile.src}
          alt=""
          width={256}
          height={256}
          decoding="async"
          loading={tile.wide ? 'lazy' : undefined}
          className={`absolute max-w-none ${tile.wide ? 'hidden sm:block' : ''}`}
          style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
        />
      ))}
    </div>
  );
}
