import type { Property, Station } from '@baan/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { forgetStations } from '../../lib/stations';
import { jsonResponse as json } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';

// Issue 15's search filters on /Quick and /Buy-rent: near a station (picker + distance), foreigner-friendly, title
// deed, area range and the price-per-m² sorts. The API is stubbed at fetch; apps/api/test covers the filtering itself.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
  // Each test's page asks for the stations afresh (the search's chips name a station from them).
  forgetStations();
});

const station = (id: string, name_en: string, name_th: string, line: string, system: Station['system']): Station => ({
  id,
  name_en,
  name_th,
  line,
  lines: [line],
  system,
  lat: 13.7,
  lon: 100.5,
});
const STATIONS = [
  station('bts-asok', 'Asok', 'อโศก', 'bts-sukhumvit', 'BTS'),
  station('mrt-sukhumvit', 'Sukhumvit', 'สุขุมวิท', 'mrt-blue', 'MRT'),
  station('arl-makkasan', 'Makkasan', 'มักกะสัน', 'arl', 'ARL'),
];

const NEAR = makeProperty(1, {
  title: 'Condo by Asok',
  nearest_station: {
    id: 'bts-asok',
    name: 'Asok',
    name_th: 'อโศก',
    line: 'bts-sukhumvit',
    system: 'BTS',
    distance_m: 420,
  },
});

/** The listings (always NEAR) and the stations (filtered by q as the API does, by either name). */
function stubApi() {
  const listings: URL[] = [];
  const stations: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL) => {
      // The pages' loaders fetch with absolute URLs; the station picker, as the browser does, with a relative one.
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      if (url.pathname === '/api/stations') {
        stations.push(url);
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const found = STATIONS.filter((s) => s.name_en.toLowerCase().includes(q) || s.name_th.includes(q));
        return json(200, { success: true, payload: found });
      }
      if (url.pathname === '/api/properties') {
        listings.push(url);
        const perPage = Number(url.searchParams.get('per_page') ?? 16);
        const items: Property[] = [NEAR];
        return json(200, { success: true, payload: { items, total: 1, page: 1, per_page: perPage } });
      }
      return json(404, { success: false, message: 'Not found' });
    }),
  );
  return { listings, stations };
}

describe('Quick search: near a station and the listing facts', () => {
  it('chooses a station from /api/stations, a distance and the other filters, and puts them in the address and the API query', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const near = screen.getByRole('group', { name: 'Near a station' });
    const picker = within(near).getByRole('combobox', { name: 'Station' });
    await user.type(picker, 'aso');
    const option = await screen.findByRole('option', { name: /Asok/ });
    expect(option).toHaveTextContent('BTS · Sukhumvit Line');
    expect(api.stations.at(-1)?.searchParams.get('q')).toBe('aso');
    await user.click(option);
    expect(picker).toHaveValue('Asok');
    await user.selectOptions(within(near).getByRole('combobox', { name: 'Distance to a station' }), 'Within 1 km');
    await user.click(screen.getByRole('checkbox', { name: 'Foreigner-friendly (foreign quota)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Title deed' }), 'Chanote (title deed)');
    await user.type(screen.getByRole('textbox', { name: 'Minimum area (m²)' }), '30');
    await user.type(screen.getByRole('textbox', { name: 'Maximum area (m²)' }), '80');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price per m²: low to high');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const wanted =
      '?station=bts-asok&within_m=1000&foreign_quota=1&title_deed=chanote&min_area=30&max_area=80&sort=price_per_sqm_asc';
    await waitFor(() => expect(router.state.location.search).toBe(wanted));
    await waitFor(() => expect(api.listings.at(-1)?.searchParams.get('station')).toBe('bts-asok'));
    const sent = api.listings.at(-1)?.searchParams;
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      station: 'bts-asok',
      within_m: '1000',
      foreign_quota: '1',
      title_deed: 'chanote',
      min_area: '30',
      max_area: '80',
      sort: 'price_per_sqm_asc',
    });
    // The results say how far each listing is.
    const card = (await screen.findByRole('link', { name: 'Condo by Asok' })).closest('article');
    expect(card).toHaveTextContent('400 m to BTS Asok');
  });

  it('filters "within 1 km of any station" with a distance alone', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance to a station' }), 'Within 1 km');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?within_m=1000'));
    await waitFor(() => expect(api.listings.at(-1)?.searchParams.get('within_m')).toBe('1000'));
    expect(api.listings.at(-1)?.searchParams.has('station')).toBe(false);
  });

  it('opens with the filters of the address: the station by name, the distance, the deed and the area', async () => {
    stubApi();
    await renderApp('/Quick?station=bts-asok&within_m=500&title_deed=nor_sor_3&min_area=40&foreign_quota=1');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    expect(await screen.findByDisplayValue('Asok')).toHaveAccessibleName('Station');
    expect(screen.getByRole('combobox', { name: 'Distance to a station' })).toHaveValue('500');
    expect(screen.getByRole('combobox', { name: 'Title deed' })).toHaveValue('nor_sor_3');
    expect(screen.getByRole('textbox', { name: 'Minimum area (m²)' })).toHaveValue('40');
    expect(screen.getByRole('checkbox', { name: 'Foreigner-friendly (foreign quota)' })).toBeChecked();
    // The search's chips name the station too, once the stations are known (issue 23).
    expect(await screen.findByRole('button', { name: 'Remove Within 500 m of station BTS Asok' })).toBeInTheDocument();
  });

  it('refuses a minimum area above the maximum without searching', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    const before = api.listings.length;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum area (m²)' }), '200');
    await user.type(screen.getByRole('textbox', { name: 'Maximum area (m²)' }), '50');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum area cannot be more than the maximum area.');
    expect(screen.getByRole('textbox', { name: 'Minimum area (m²)' })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    expect(api.listings.length).toBe(before);
  });

  it('says why an address with contradicting filters was not searched, and lists without them', async () => {
    const api = stubApi();
    await renderApp('/Quick?min_area=100&max_area=50&title_deed=chanote');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    expect(screen.getByTestId('search-refused')).toHaveTextContent(
      'This search could not be run: Minimum area cannot be more than the maximum area.',
    );
    const sent = api.listings.at(-1)?.searchParams;
    expect(sent?.has('min_area')).toBe(false);
    expect(sent?.has('title_deed')).toBe(false);
  });

  it('offers the stations by their Thai names to a Thai reader', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderApp('/th/Quick');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    expect(screen.getByRole('link', { name: 'Condo by Asok' }).closest('article')).toHaveTextContent(
      'ห่างจาก BTS อโศก 400 ม.',
    );
    await user.click(screen.getByRole('button', { name: 'ตัวกรอง' }));
    await user.type(screen.getByRole('combobox', { name: 'สถานี' }), 'อโศ');
    const option = await screen.findByRole('option', { name: /อโศก/ });
    expect(option).toHaveTextContent('BTS · สายสุขุมวิท');
    const distance = screen.getByRole('combobox', { name: 'ระยะห่างจากสถานี' });
    expect(
      within(distance)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ทุกระยะ', 'ไม่เกิน 500 ม.', 'ไม่เกิน 1 กม.', 'ไม่เกิน 2 กม.']);
  });
});

describe('Buy or rent: the same filters', () => {
  it('applies station distance, quota, deed, area and sort, keeping the tab and place, and searches with them', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?tab=condo&location=Bangkok');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(form).toHaveAttribute('method', 'get');
    await user.click(screen.getByText('More filters'));
    await user.type(within(form).getByRole('combobox', { name: 'Station' }), 'Makk');
    await user.click(await screen.findByRole('option', { name: /Makkasan/ }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Distance to a station' }), 'Within 2 km');
    await user.click(within(form).getByRole('checkbox', { name: 'Foreigner-friendly (foreign quota)' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Title deed' }), 'Other');
    await user.type(within(form).getByRole('textbox', { name: 'Maximum area (m²)' }), '90');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Sort by' }), 'price_per_sqm_desc');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?tab=condo&location=Bangkok&station=arl-makkasan&within_m=2000&foreign_quota=1&title_deed=other&max_area=90&sort=price_per_sqm_desc',
      ),
    );
    await waitFor(() => expect(api.listings.at(-1)?.searchParams.get('station')).toBe('arl-makkasan'));
    expect(Object.fromEntries(api.listings.at(-1)?.searchParams ?? [])).toMatchObject({
      sub_type: 'condo',
      location: 'Bangkok',
      within_m: '2000',
      foreign_quota: '1',
      title_deed: 'other',
      max_area: '90',
      sort: 'price_per_sqm_desc',
      per_page: '10',
    });
  });
});

describe('the area range in rai or square wah (issue 16)', () => {
  it('writes min_area=3200 in the address and the API query for 2 rai', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const unit = screen.getByRole('combobox', { name: 'Area unit' });
    expect(unit).toHaveValue('sqm');
    await user.selectOptions(unit, 'rai');
    await user.type(screen.getByRole('textbox', { name: 'Minimum area (rai)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?min_area=3200'));
    await waitFor(() => expect(api.listings.at(-1)?.searchParams.get('min_area')).toBe('3200'));
    expect(api.listings.at(-1)?.searchParams.has('area_in')).toBe(false);
  });

  it('converts what is typed when the unit changes', async () => {
    stubApi();
    const user = userEvent.setup();
    // Filters in the address open the panel.
    await renderApp('/Quick?min_area=3600');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    expect(screen.getByRole('textbox', { name: 'Minimum area (m²)' })).toHaveValue('3600');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area unit' }), 'wah');
    expect(screen.getByRole('textbox', { name: 'Minimum area (sq wah)' })).toHaveValue('900');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area unit' }), 'rai');
    expect(screen.getByRole('textbox', { name: 'Minimum area (rai)' })).toHaveValue('2.25');
  });

  it('shows a land search in rai to a Thai reader', async () => {
    stubApi();
    await renderApp('/th/Quick?sub_type=land&min_area=3200&max_area=4000');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    expect(screen.getByRole('combobox', { name: 'หน่วยพื้นที่' })).toHaveValue('rai');
    expect(screen.getByRole('textbox', { name: 'พื้นที่ต่ำสุด (ไร่)' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'พื้นที่สูงสุด (ไร่)' })).toHaveValue('2.5');
  });
});

describe('the area range sent without JavaScript (issue 16)', () => {
  it('reads area_in=rai in the address as rai, and asks the API in m² without it', async () => {
    const api = stubApi();
    await renderApp('/Buy-rent?area_in=rai&min_area=2&max_area=2.5');
    await screen.findByRole('link', { name: 'Condo by Asok' });
    await waitFor(() => expect(api.listings.at(-1)?.searchParams.get('min_area')).toBe('3200'));
    expect(api.listings.at(-1)?.searchParams.get('max_area')).toBe('4000');
    expect(api.listings.at(-1)?.searchParams.has('area_in')).toBe(false);
  });
});
