import { openStreetMapUrl } from '../../../lib/map-links';

/** Baan's office (Sukhumvit Road at Asok, Khlong Toei, Bangkok 10110). */
export const OFFICE = {
  lat: 13.7373,
  lon: 100.5606,
  zoom: 16,
} as const;

/** OpenStreetMap's page for the office, with a pin. */
export const OFFICE_MAP_URL = openStreetMapUrl(OFFICE, OFFICE.zoom + 1);

/** How long the map may go without a single tile before it gives way to the address card (every map's rule). */
export { MAP_TILE_TIMEOUT_MS } from '../../../lib/map-tiles';
