import { describe, expect, it } from 'vitest';
import { giveElementsASize } from '../../../test/leaflet-size';
import { mountPointMap } from '../lib/leaflet-point-map';

giveElementsASize();

describe("the listing map's marker label", () => {
  it('shows an owner’s title as text, never as HTML', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const title = '<a href="https://evil.example" id="planted">Session expired – log in</a>';
    const teardown = mountPointMap(container, {
      lat: 13.7246,
      lon: 100.5309,
      zoom: 15,
      markerLabel: title,
      zoomIn: 'Zoom in',
      zoomOut: 'Zoom out',
      tileUrl: 'https://tile.example/{z}/{x}/{y}.png',
      timeoutMs: 60_000,
      onReady: () => {},
      onFailed: () => {},
    });
    const marker = container.querySelector('path.leaflet-interactive');
    expect(marker).not.toBeNull();
    marker?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tooltip = container.querySelector('.leaflet-tooltip');
    expect(tooltip?.textContent).toBe(title);
    expect(document.getElementById('planted')).toBeNull();
    teardown();
    container.remove();
  });
});
