import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import { giveElementsASize, tileImages } from '../../test/leaflet-size';
import { createLeafletMap, type TileWatch } from './leaflet-map';
import { MapStatus } from './MapStatus';
import { type LeafletMapSetup, useLeafletMap } from './use-leaflet-map';

vi.setConfig({ testTimeout: 30_000 });
giveElementsASize();

interface Drawn {
  destroy: () => void;
  /** The place the map was drawn at. */
  at: number;
}

type Mount = (container: HTMLElement, tiles: TileWatch, at: number) => Drawn;

/** What a feature's lazy module does: a real Leaflet map with one vector marker; destroy and the tile calls are watched. */
function spyMount() {
  const destroyed = vi.fn();
  const told = vi.fn();
  const mount = vi.fn<Mount>((container, tiles, at) => {
    const { map, destroy } = createLeafletMap(container, {
      view: { lat: 13.7, lon: 100.5 + at / 100, zoom: 15 },
      scrollWheelZoom: false,
      zoomLabels: { zoomIn: 'Closer', zoomOut: 'Further' },
      tiles: {
        ...tiles,
        onReady: () => {
          told('ready');
          tiles.onReady();
        },
        onFailed: () => {
          told('failed');
          tiles.onFailed();
        },
        onRecovered: () => {
          told('recovered');
          tiles.onRecovered?.();
        },
      },
    });
    L.circleMarker([13.7, 100.5 + at / 100], { radius: 10 }).addTo(map);
    return {
      at,
      destroy: () => {
        destroyed(at);
        destroy();
      },
    };
  });
  return { mount, destroyed, told };
}

function Harness({
  load,
  withoutTiles,
  timeoutMs = 60_000,
  at = 0,
  onMounted,
}: {
  load: () => Promise<Mount>;
  withoutTiles: LeafletMapSetup<Mount, Drawn>['withoutTiles'];
  timeoutMs?: number;
  at?: number;
  onMounted?: (drawn: Drawn) => void;
}) {
  const { container, state } = useLeafletMap({
    load,
    timeoutMs,
    withoutTiles,
    redrawOn: [at],
    mount: (mount: Mount, element, tiles) => mount(element, tiles, at),
    onMounted,
  });
  if (state === 'failed') return <p>No map here</p>;
  return (
    <section aria-label="Test map" data-testid="map" data-state={state} className="relative">
      <div ref={container} data-testid="map-container" />
      <MapStatus state={state} loading="Loading the map" plainBackground="Plain background, pins kept" />
    </section>
  );
}

const markers = () => document.querySelectorAll('path.leaflet-interactive');
const state = () => screen.getByTestId('map').getAttribute('data-state');

async function firstTiles(): Promise<HTMLImageElement[]> {
  await waitFor(() => expect(tileImages().length).toBeGreaterThan(1));
  return tileImages();
}

describe('useLeafletMap', () => {
  it('loads lazily, says it is loading, and is ready at the first tile', async () => {
    const { mount, told } = spyMount();
    const onMounted = vi.fn();
    render(<Harness load={async () => mount} withoutTiles="plain" onMounted={onMounted} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the map');
    const [first] = await firstTiles();
    expect(mount).toHaveBeenCalledTimes(1);
    expect(onMounted).toHaveBeenCalledWith(expect.objectContaining({ at: 0 }));
    expect(first?.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
    await act(async () => {
      if (first) fireEvent.load(first);
    });
    expect(state()).toBe('ready');
    expect(told.mock.calls).toEqual([['ready']]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTitle('Closer')).toBeInTheDocument();
  });

  it("keeps the map and its markers on a plain background with a notice when no tile loads ('plain'), until one does", async () => {
    const { mount, destroyed } = spyMount();
    render(<Harness load={async () => mount} withoutTiles="plain" />);
    const [first, second] = await firstTiles();
    await act(async () => {
      if (first) fireEvent.error(first);
    });
    expect(state()).toBe('plain');
    expect(screen.getByRole('status')).toHaveTextContent('Plain background, pins kept');
    expect(markers()).toHaveLength(1);
    expect(screen.getByTestId('map-container')).toHaveClass('leaflet-container');
    expect(destroyed).not.toHaveBeenCalled();
    // A tile that arrives after all brings the street map back and the notice goes.
    await act(async () => {
      if (second) fireEvent.load(second);
    });
    expect(state()).toBe('ready');
    expect(screen.queryByRole('status')).toBeNull();
    expect(markers()).toHaveLength(1);
  });

  it("goes plain when no tile arrives within the timeout, markers kept ('plain')", async () => {
    const { mount } = spyMount();
    render(<Harness load={async () => mount} withoutTiles="plain" timeoutMs={100} />);
    await waitFor(() => expect(state()).toBe('plain'));
    expect(markers()).toHaveLength(1);
  });

  it("removes the map when no tile loads ('fail'), for the caller's stand-in", async () => {
    const { mount, destroyed } = spyMount();
    render(<Harness load={async () => mount} withoutTiles="fail" />);
    const [first] = await firstTiles();
    await act(async () => {
      if (first) fireEvent.error(first);
    });
    expect(screen.getByText('No map here')).toBeInTheDocument();
    expect(destroyed).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.leaflet-container')).toBeNull();
  });

  it('gives way when Leaflet itself cannot load, and draws nothing', async () => {
    const { mount } = spyMount();
    render(<Harness load={() => Promise.reject(new Error('chunk failed'))} withoutTiles="plain" />);
    expect(await screen.findByText('No map here')).toBeInTheDocument();
    expect(mount).not.toHaveBeenCalled();
  });

  it('removes the map on unmount: its DOM, its markers and its tile timer', async () => {
    const { mount, destroyed, told } = spyMount();
    const { unmount } = render(<Harness load={async () => mount} withoutTiles="plain" timeoutMs={1000} />);
    await firstTiles();
    const element = screen.getByTestId('map-container');
    expect(element).toHaveClass('leaflet-container');
    expect(element.querySelector('path.leaflet-interactive')).not.toBeNull();
    expect(told).not.toHaveBeenCalled();
    unmount();
    expect(destroyed).toHaveBeenCalledTimes(1);
    // Leaflet's remove() takes its panes (tiles, markers) and controls out of the element.
    expect(element.querySelector('.leaflet-pane')).toBeNull();
    expect(element.querySelector('.leaflet-control')).toBeNull();
    // The timeout would have called onFailed by now, had the timer outlived the map.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(told).not.toHaveBeenCalled();
  });

  it('draws nothing when unmounted before Leaflet has loaded', async () => {
    const { mount } = spyMount();
    let resolve: (mount: Mount) => void = () => {};
    const { unmount } = render(
      <Harness
        load={() =>
          new Promise<Mount>((done) => {
            resolve = done;
          })
        }
        withoutTiles="plain"
      />,
    );
    unmount();
    await act(async () => resolve(mount));
    expect(mount).not.toHaveBeenCalled();
    expect(document.querySelector('.leaflet-container')).toBeNull();
  });

  it('draws the map anew (and removes the old one) when a redrawOn value changes', async () => {
    const { mount, destroyed } = spyMount();
    const load = async () => mount;
    const { rerender } = render(<Harness load={load} withoutTiles="plain" at={0} />);
    await firstTiles();
    rerender(<Harness load={load} withoutTiles="plain" at={1} />);
    await waitFor(() => expect(mount).toHaveBeenCalledTimes(2));
    expect(destroyed).toHaveBeenCalledWith(0);
    expect(mount.mock.calls[1]?.[2]).toBe(1);
    expect(document.querySelectorAll('.leaflet-container')).toHaveLength(1);
    expect(markers()).toHaveLength(1);
    // A render with the same values draws nothing new.
    rerender(<Harness load={load} withoutTiles="plain" at={1} />);
    expect(mount).toHaveBeenCalledTimes(2);
  });
});
