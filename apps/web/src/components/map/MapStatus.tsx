import type { LeafletMapState } from './use-leaflet-map';

/**
 * The notices over a map: "Loading map…" while it loads, and, when its tiles could not be loaded, that its markers
 * stand on a plain background (ADR 025). Wording comes from the feature, in the page's language.
 */
export function MapStatus({
  state,
  loading,
  plainBackground,
}: {
  state: LeafletMapState;
  loading: string;
  /** Only for a map that keeps its markers without tiles (`withoutTiles: 'plain'`). */
  plainBackground?: string;
}) {
  if (state === 'loading') {
    return (
      <p
        role="status"
        className="pointer-events-none absolute inset-0 z-[500] grid place-items-center text-sm text-slate-600"
      >
        {loading}
      </p>
    );
  }
  if (state === 'plain' && plainBackground) {
    return (
      <p
        role="status"
        className="pointer-events-none absolute top-2 right-2 left-14 z-[500] rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-800 shadow"
      >
        {plainBackground}
      </p>
    );
  }
  return null;
}
