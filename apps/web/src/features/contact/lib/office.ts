/** Baan's office (Sukhumvit Road at Asok, Khlong Toei, Bangkok 10110). */
export const OFFICE = {
  lat: 13.7373,
  lon: 100.5606,
  zoom: 16,
} as const;

export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** OpenStreetMap's page for the office, with a pin. */
export const OFFICE_MAP_URL = `https://www.openstreetmap.org/?mlat=${OFFICE.lat}&mlon=${OFFICE.lon}#map=${OFFICE.zoom + 1}/${OFFICE.lat}/${OFFICE.lon}`;

/** How long the map may go without a single tile before it gives way to the address card. */
export const MAP_TILE_TIMEOUT_MS = 6000;
