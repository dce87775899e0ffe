import { type DependencyList, type RefObject, useEffect, useRef, useState } from 'react';
import { useMapTileUrl } from '../../lib/map-tiles';
import type { TileWatch } from './leaflet-map';

/**
 * `loading`: Leaflet or the first tile is on its way; `ready`: the street map shows; `plain`: no tile could be
 * loaded, so the markers stand on the container's plain background (ADR 025); `failed`: there is no map.
 */
export type LeafletMapState = 'loading' | 'ready' | 'plain' | 'failed';

/** What a mounted map gives back: at least a way to remove it. */
export interface MapHandle {
  destroy: () => void;
}

export interface LeafletMapSetup<Loaded, Handle extends MapHandle> {
  /**
   * Loads the feature's Leaflet module with a lazy `import()` (its own chunk, only in the browser, after the page
   * has painted); a test passes one that fails.
   */
  load: () => Promise<Loaded>;
  /** Draws the map into the container with what `load` gave; `tiles` goes to createLeafletMap (leaflet-map.ts). */
  mount: (loaded: Loaded, container: HTMLElement, tiles: TileWatch) => Handle;
  /**
   * When no tile loads: `plain` keeps the map and its markers with the state `plain` (and `ready` again when a tile
   * arrives after all); `fail` removes the map (state `failed`) for the caller's own stand-in.
   */
  withoutTiles: 'plain' | 'fail';
  /** How long the map may go without a single tile (MAP_TILE_TIMEOUT_MS). */
  timeoutMs: number;
  /** The map is drawn anew when one of these changes (the place it shows); other props are read when it is drawn. */
  redrawOn?: DependencyList;
  /** The map has been drawn (Leaflet loaded; the tiles may still be on their way). */
  onMounted?: (handle: Handle) => void;
  /**
   * Wait until the map's container comes within half a screen of the viewport before Leaflet is loaded and the map
   * drawn: for a map below the first screen (a listing's or a project's), so that a phone that never scrolls to it
   * never runs it, and one that does draws it just before it is seen. Without IntersectionObserver it loads at once.
   */
  whenNear?: boolean;
  /**
   * The caller's own ref for the drawn map, for a caller whose effects use it (a ref made in the component is one
   * its effects need not list); the hook makes one when absent.
   */
  handle?: RefObject<Handle | null>;
}

export interface LeafletMapView<Handle> {
  /** Goes on the element the map is drawn into (it must have a size). */
  container: RefObject<HTMLDivElement | null>;
  /** The drawn map, between onMounted and its removal. */
  handle: RefObject<Handle | null>;
  state: LeafletMapState;
}

/**
 * The life of a Leaflet map in a React component, the same for every map of the app: Leaflet loads lazily in the
 * browser, the map is drawn once into `container` with the configured tiles (MAP_TILE_URL), the tiles are watched
 * (`withoutTiles` says what their failure does), and the map is removed when the component unmounts, when `load`,
 * the tiles or `redrawOn` change, or when Leaflet could not load (state `failed`).
 */
export function useLeafletMap<Loaded, Handle extends MapHandle>(
  setup: LeafletMapSetup<Loaded, Handle>,
): LeafletMapView<Handle> {
  const tileUrl = useMapTileUrl();
  const container = useRef<HTMLDivElement>(null);
  const ownHandle = useRef<Handle | null>(null);
  const handle = setup.handle ?? ownHandle;
  const [state, setState] = useState<LeafletMapState>('loading');
  // The latest setup, for the effect (which runs once per map): its texts and callbacks may be new functions each render.
  const latest = useRef(setup);
  latest.current = setup;
  const { load, timeoutMs, redrawOn = [], whenNear = false } = setup;
  const [isNear, setNear] = useState(!whenNear);

  // Until the container nears the viewport, nothing loads (whenNear).
  useEffect(() => {
    if (isNear) return;
    const target = container.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [isNear]);

  // Drawn once per load, tiles and redrawOn (the handle ref never changes); the rest of the setup is read through `latest`.
  useEffect(() => {
    if (!isNear) return;
    let isCancelled = false;
    const remove = () => {
      handle.current?.destroy();
      handle.current = null;
    };
    const fail = () => {
      remove();
      if (!isCancelled) setState('failed');
    };
    const settle = (next: LeafletMapState) => () => {
      if (!isCancelled) setState(next);
    };
    setState('loading');
    load()
      .then((loaded) => {
        if (isCancelled || !container.current) return;
        const keepsPlain = latest.current.withoutTiles === 'plain';
        const drawn = latest.current.mount(loaded, container.current, {
          tileUrl,
          timeoutMs,
          onReady: settle('ready'),
          // The tiles are only the background: the markers (and what they drive) still work without them.
          onFailed: keepsPlain ? settle('plain') : fail,
          onRecovered: keepsPlain ? settle('ready') : undefined,
        });
        handle.current = drawn;
        latest.current.onMounted?.(drawn);
      })
      .catch(fail);
    return () => {
      isCancelled = true;
      remove();
    };
  }, [isNear, handle, load, timeoutMs, tileUrl, ...redrawOn]);

  return { container, handle, state };
}
