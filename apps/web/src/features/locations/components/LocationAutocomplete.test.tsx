import type { LocationSuggestion } from '@baan/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import english from '../../../locales/en/locations.json';
import { LocationAutocomplete, type LocationAutocompleteProps } from './LocationAutocomplete';

const ASOK: LocationSuggestion = {
  display_name: 'Asok (BTS Sukhumvit Line), Watthana, Bangkok',
  lat: 13.737,
  lon: 100.56,
  kind: 'station',
  name_en: 'Asok',
  name_th: 'อโศก',
  line: 'BTS Sukhumvit Line',
};
const ASOK_AREA: LocationSuggestion = {
  display_name: 'Asok, Watthana, Bangkok',
  lat: 13.739,
  lon: 100.561,
  kind: 'neighbourhood',
  name_en: 'Asok',
  name_th: 'อโศก',
};

/**
 * A local i18next with the English `locations` file (the app's i18n setup is not needed here), given to the component
 * through I18nextProvider only: `use(initReactI18next)` would make it react-i18next's global instance, which the
 * files run after this one in the same worker (vitest.config.ts, `isolate: false`) would then render with.
 */
async function makeI18n(): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    // Resources are inline: initialise synchronously, since the fake timers would hold a deferred init.
    initAsync: false,
    lng: 'en',
    resources: { en: { locations: english } },
    ns: ['locations'],
    defaultNS: 'locations',
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** The API, stubbed at the network edge: the component's real fetcher runs. */
function stubFetch(answer: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = (payload: LocationSuggestion[]) => () =>
  new Response(JSON.stringify({ success: true, payload }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let i18n: I18n;

async function setup(props: Partial<LocationAutocompleteProps> = {}) {
  const onSelect = vi.fn();
  // No delay between keystrokes: the fake clock only moves when a test says so.
  const user = userEvent.setup({ delay: null });
  render(
    <I18nextProvider i18n={i18n}>
      <form aria-label="Add property">
        <LocationAutocomplete label="Location" onSelect={onSelect} {...props} />
      </form>
    </I18nextProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Location' });
  return { user, input, onSelect };
}

/** Lets the debounce run out and the stubbed request settle, inside act. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeAll(async () => {
  i18n = await makeI18n();
});

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library's async wrapper waits on a setTimeout(0) and only moves a fake clock when it sees Jest
  // (https://github.com/testing-library/react-testing-library/issues/1197); show it Vitest's clock so it does not hang.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LocationAutocomplete', () => {
  it('is a labelled, collapsed combobox that controls its listbox and explains the 3-character minimum', async () => {
    stubFetch(ok([]));
    const { input } = await setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    const listboxId = input.getAttribute('aria-controls');
    expect(listboxId).toBeTruthy();
    expect(document.getElementById(listboxId ?? '')).toHaveAttribute('role', 'listbox');
    expect(input).toHaveAccessibleDescription('Type at least 3 characters to see suggestions.');
    expect(input).toHaveAttribute('placeholder', 'Search a place, district or BTS/MRT station');
  });

  it('does nothing for 2 characters', async () => {
    const fetchMock = stubFetch(ok([ASOK]));
    const { user, input } = await setup();
    await user.type(input, 'as');
    await wait(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Padding with spaces does not count either.
    await user.type(input, '   ');
    await wait(1000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the API once typing pauses at 3 or more characters, in the interface language', async () => {
    const fetchMock = stubFetch(ok([ASOK, ASOK_AREA]));
    const { user, input } = await setup();
    await user.type(input, 'aso');
    await wait(200);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, 'k');
    await wait(250);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/locations?q=asok');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en');

    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Suggested places' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`${ASOK.display_name}Station`, `${ASOK_AREA.display_name}Neighbourhood`]);
    expect(screen.getByRole('status')).toHaveTextContent('Suggestions: 2.');
  });

  it('moves through the options with the arrow keys and chooses one with Enter', async () => {
    stubFetch(ok([ASOK, ASOK_AREA]));
    const { user, input, onSelect } = await setup();
    await user.type(input, 'asok');
    await wait(250);
    const [first, second] = screen.getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    expect(first).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}'); // wraps to the top
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{ArrowUp}'); // and back to the bottom
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(ASOK_AREA);
    expect(input).toHaveValue(ASOK_AREA.display_name);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the list with Escape, keeping the text and choosing nothing; Arrow Down opens it again', async () => {
    stubFetch(ok([ASOK, ASOK_AREA]));
    const { user, input, onSelect } = await setup();
    await user.type(input, 'asok');
    await wait(250);
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('asok');
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('chooses an option by pointer', async () => {
    stubFetch(ok([ASOK, ASOK_AREA]));
    const { user, input, onSelect } = await setup();
    await user.type(input, 'asok');
    await wait(250);
    await user.click(screen.getByRole('option', { name: /Asok \(BTS Sukhumvit Line\)/ }));
    expect(onSelect).toHaveBeenCalledWith(ASOK);
    expect(input).toHaveValue(ASOK.display_name);
    expect(input).toHaveFocus();
  });

  it('says when nothing was found and when the search failed', async () => {
    stubFetch(ok([]));
    const { user, input } = await setup();
    await user.type(input, 'zzzz');
    await wait(250);
    expect(screen.getByRole('status')).toHaveTextContent('No places found. Try another spelling.');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    stubFetch(() => new Response(JSON.stringify({ success: false, message: 'boom' }), { status: 500 }));
    await user.type(input, 'q');
    await wait(250);
    expect(screen.getByRole('status')).toHaveTextContent('Suggestions could not be loaded. Please try again.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows "Searching…" while waiting and at most 10 suggestions', async () => {
    let release: (places: LocationSuggestion[]) => void = () => {};
    const fetcher = vi.fn(
      () =>
        new Promise<LocationSuggestion[]>((resolve) => {
          release = resolve;
        }),
    );
    const { user, input } = await setup({ fetcher });
    await user.type(input, 'bang');
    await wait(250);
    expect(fetcher).toHaveBeenCalledWith('bang', expect.objectContaining({ language: 'en' }));
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');

    const many = Array.from({ length: 12 }, (_, i) => ({ ...ASOK_AREA, display_name: `Bang ${i}, Bangkok` }));
    await act(async () => release(many));
    expect(screen.getAllByRole('option')).toHaveLength(10);
  });

  it('Enter without a highlighted option leaves the form alone to submit', async () => {
    stubFetch(ok([ASOK]));
    const { user, input, onSelect } = await setup();
    await user.type(input, 'asok');
    await wait(250);
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    expect(input).toHaveValue('asok');
  });
});
