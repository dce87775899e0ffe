/**
 * OpenStreetMap's page for a place, to open in a new tab (or the maps app a phone hands it to): a pin at the
 * coordinates when there are some, else a search for the place's name.
 */
export function openStreetMapUrl(
  place: { lat?: number | null; lon?: number | null; query?: string },
  zoom = 17,
): string {
  const { lat, lon, query } = place;
  if (lat != null && lon != null && Number.isFinite(lat) && Number.isFinite(lon)) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query ?? '')}`;
}
