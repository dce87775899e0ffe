import { DEFAULT_MAP_TILE_URL } from '@baan/contract';
import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';

/** How long a map may go without a single tile before it gives way to its stand-in. */
export const MAP_TILE_TIMEOUT_MS = 6000;

/** OpenStreetMap's attribution, which its tiles require (and which a tile server of the same data needs too). */
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The tile URL template the server was configured with (MAP_TILE_URL), handed over by the root loader (root.tsx);
 * the default where no root loader ran (tests that render a component or a route tree of their own). Read from the
 * router's state rather than with useRouteLoaderData, which throws outside a data router.
 */
export function useMapTileUrl(): string {
  const state = useContext(DataRouterStateContext);
  const root = state?.loaderData.root as { mapTileUrl?: unknown } | undefined;
  return typeof root?.mapTileUrl === 'string' && root.mapTileUrl ? root.mapTileUrl : DEFAULT_MAP_TILE_URL;
}
