import { afterAll, beforeAll } from 'vitest';

/**
 * Real Leaflet in jsdom. jsdom lays nothing out, so a map would be 0×0 and ask for no tiles: every element gets a
 * size for the file's tests. jsdom never fetches images either (nothing reaches the internet); a tile "loads" or
 * "fails" when the test fires that event on it, as the browser would (as the contact map's tests do).
 */
export function giveElementsASize(width = 800, height = 400): void {
  const size = { clientWidth: width, clientHeight: height };
  const saved = Object.fromEntries(
    Object.keys(size).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]),
  );
  beforeAll(() => {
    for (const [key, value] of Object.entries(size)) {
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    }
  });
}

/** The map's tile images once Leaflet has asked for some. */
export function tileImages(root: ParentNode = document): HTMLImageElement[] {
  return [...root.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
}
