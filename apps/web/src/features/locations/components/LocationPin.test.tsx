import type { LocationSuggestion } from '@baan/contract';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadNamespaces } from '../../../i18n';
import { giveElementsASize } from '../../../test/leaflet-size';
import { renderLocationField } from './LocationField';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// Real Leaflet in jsdom with sized elements; tiles "load" when the test fires the event (nothing reaches the
// internet), as in the contact and search map tests.
giveElementsASize(600, 300);
beforeEach(async () => {
  await initI18n();
  await changeLanguage('en');
  await loadNamespaces(['locations']);
});
afterEach(() => vi.unstubAllGlobals());

const ASOK: LocationSuggestion = {
  display_name: 'Asok, Watthana, Bangkok',
  lat: 13.737,
  lon: 100.56,
  kind: 'neighbourhood',
  name_en: 'Asok',
  name_th: 'อโศก',
};

type Place = { location: string; lat?: number; lon?: number };

/** The wizard's use of the field: its state is the form's location, lat and lon. */
function Form({ initial, seen }: { initial: Place; seen: Place[] }) {
  const [place, setPlace] = useState<Place>(initial);
  return (
    <form>
      {renderLocationField({
        inputId: 'location',
        label: 'Location',
        value: place.location,
        lat: place.lat,
        lon: place.lon,
        onChange: (next) => {
          seen.push(next);
          setPlace(next);
        },
      })}
      <output data-testid="coordinates">{`${place.lat ?? '-'},${place.lon ?? '-'}`}</output>
    </form>
  );
}

function renderForm(initial: Place = { location: '' }) {
  const seen: Place[] = [];
  const router = createMemoryRouter([{ path: '/', element: <Form initial={initial} seen={seen} /> }]);
  render(<RouterProvider router={router} />);
  return seen;
}

async function tilesLoad() {
  let first: HTMLImageElement | undefined;
  await waitFor(() => {
    first = document.querySelector<HTMLImageElement>('img.leaflet-tile') ?? undefined;
    expect(first).toBeDefined();
  });
  await act(async () => {
    if (first) fireEvent.load(first);
  });
  await waitFor(() => expect(screen.getByTestId('pin-map')).toHaveAttribute('data-state', 'ready'));
}

describe('Wizard location pin', () => {
  it('appears after a place is chosen; moving the pin sets lat/lon (6 decimals) and keeps the place', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, payload: [ASOK] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const user = userEvent.setup();
    const seen = renderForm();
    expect(screen.queryByRole('region', { name: 'Map: drag the pin to the exact spot' })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Asok');
    await user.click(await screen.findByRole('option', { name: /Asok, Watthana/ }));
    expect(screen.getByTestId('coordinates')).toHaveTextContent('13.737,100.56');
    const region = await screen.findByRole('region', { name: 'Map: drag the pin to the exact spot' });
    expect(region).toHaveAccessibleDescription(/Optional: drag the pin/);
    await tilesLoad();

    const pin = screen.getByRole('button', { name: 'Listing location pin' });
    fireEvent.keyDown(pin, { key: 'ArrowRight' });
    fireEvent.keyDown(pin, { key: 'ArrowUp' });
    const last = seen.at(-1);
    expect(last?.location).toBe('Asok, Watthana, Bangkok');
    expect(last?.lon).toBeGreaterThan(100.56);
    expect(last?.lat).toBeGreaterThan(13.737);
    for (const value of [last?.lat, last?.lon]) expect(String(value)).toMatch(/^\d+\.\d{1,6}$/);
    expect(screen.getByTestId('coordinates')).toHaveTextContent(`${last?.lat},${last?.lon}`);
    expect(screen.getByText(`Pin moved to ${last?.lat}, ${last?.lon}`)).toBeInTheDocument();

    // Typing again forgets the place and its pin.
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'x');
    expect(screen.getByTestId('coordinates')).toHaveTextContent('-,-');
    expect(screen.queryByTestId('pin-map')).toBeNull();
  });

  it('shows the listing’s pin when editing, and a note instead when no tile loads', async () => {
    renderForm({ location: 'Silom, Bangkok', lat: 13.7246, lon: 100.5309 });
    await screen.findByRole('region', { name: 'Map: drag the pin to the exact spot' });
    let first: HTMLImageElement | undefined;
    await waitFor(() => {
      first = document.querySelector<HTMLImageElement>('img.leaflet-tile') ?? undefined;
      expect(first).toBeDefined();
    });
    await act(async () => {
      if (first) fireEvent.error(first);
    });
    expect(await screen.findByTestId('pin-unavailable')).toHaveTextContent('The map could not be loaded');
    expect(screen.getByTestId('coordinates')).toHaveTextContent('13.7246,100.5309');
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Silom, Bangkok');
  });
});
