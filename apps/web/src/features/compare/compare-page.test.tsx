import type { Property } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loader } from '../../app/routes/compare';
import i18n, { changeLanguage } from '../../i18n';
import { jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { testContext } from '../../test/route-tree';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

const asok = { id: 'bts-asok', name: 'Asok', name_th: 'อโศก', line: 'bts-sukhumvit', system: 'BTS', distance_m: 650 };

const LISTINGS: Property[] = [
  makeProperty(1, {
    title: 'Asok condo',
    type: 'sale',
    price: 5_000_000,
    area: 50,
    price_per_sqm: 100_000,
    nearest_station: { ...asok, system: 'BTS' },
    title_deed: 'chanote',
    foreign_quota: 1,
  }),
  makeProperty(2, { title: 'Bang Na house', property_sub_type: 'house', bed_rooms: 3, bath_rooms: 2, area: 160 }),
  makeProperty(3, { title: 'Lat Krabang land', property_sub_type: 'land', price_per_sqm: null, area: 0 }),
];

/** The API's compare call: the visible listings among the ids, in the order asked (id 9 is gone). */
function stubCompare() {
  return stubFetch((request, url) => {
    if (request.method !== 'GET' || url.pathname !== '/api/properties/compare') return undefined;
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    const items = ids.map((id) => LISTINGS.find((p) => p.id === id)).filter(Boolean);
    return jsonResponse(200, { success: true, payload: items });
  });
}

/** The table's cells of one row, by its header. */
function row(table: HTMLElement, header: string): string[] {
  const th = within(table).getByRole('rowheader', { name: header });
  const tr = th.closest('tr') as HTMLElement;
  return within(tr)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('/compare: listings side by side, rendered from the page services', () => {
  it('shows price, price per m², area, rooms, station, deed and quota of each listing, with links and remove buttons', async () => {
    const { requests } = stubCompare();
    const { router } = await renderApp('/compare?ids=1,2,3');
    const table = await screen.findByRole('table', { name: 'Listings side by side' });
    expect(requests.map((r) => new URL(r.url).search)).toContain('?ids=1,2,3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Asok condoRemove', 'Bang Na houseRemove', 'Lat Krabang landRemove']);
    expect(row(table, 'Price')).toEqual(['฿5,000,000', '฿25,000 / month', '฿25,000 / month']);
    expect(row(table, 'Price per m²')).toEqual(['฿100,000/m²', '฿556/m²/month', '—Not given']);
    expect(row(table, 'Area')).toEqual(['50 m²', '160 m²', '—Not given']);
    expect(row(table, 'Bedrooms / bathrooms')).toEqual(['2 / 1', '3 / 2', '—Not given']);
    expect(row(table, 'Nearest station')).toEqual(['650 m to BTS Asok', '—Not given', '—Not given']);
    expect(row(table, 'Title deed')).toEqual(['Chanote (title deed)', '—Not given', '—Not given']);
    expect(row(table, 'Foreign quota')).toEqual(['Available', '—Not given', '—Not given']);
    expect(within(table).getByRole('link', { name: 'View listing: Asok condo' })).toHaveAttribute('href', '/detail/1');
    expect(within(table).getByRole('link', { name: 'Bang Na house' })).toHaveAttribute('href', '/detail/2');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Bang Na house from the comparison' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ids=1,3'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(2));
  });

  it('in Thai: the station in Thai, Thai headings and units', async () => {
    stubCompare();
    await renderApp('/th/compare?ids=1,2');
    const table = await screen.findByRole('table', { name: 'ประกาศแบบเคียงข้างกัน' });
    expect(screen.getByRole('heading', { level: 1, name: 'เปรียบเทียบประกาศ' })).toBeInTheDocument();
    expect(row(table, 'สถานีใกล้ที่สุด')[0]).toBe('ห่างจาก BTS อโศก 650 ม.');
    expect(row(table, 'ราคาต่อ ตร.ม.')[0]).toBe('฿100,000/ตร.ม.');
    expect(row(table, 'โควตาต่างชาติ')[0]).toBe('มี');
    expect(within(table).getByRole('link', { name: 'ดูประกาศ: Asok condo' })).toHaveAttribute('href', '/th/detail/1');
  });

  it('says when a chosen listing is no longer there', async () => {
    stubCompare();
    await renderApp('/compare?ids=1,9');
    await screen.findByRole('table');
    expect(screen.getByText('One of the chosen listings is no longer available.')).toBeInTheDocument();
  });

  it('bad ids: the contract’s reason on the page with a 400, and no call to the service', async () => {
    const { requests } = stubCompare();
    await renderApp('/compare?ids=1,abc');
    expect(await screen.findByTestId('compare-problem')).toHaveTextContent(
      'The address does not name listings to compare: it needs listing ids separated by commas (at most 4).',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await renderApp('/compare?ids=1,2,3,4,5');
    await waitFor(() =>
      expect(screen.getAllByTestId('compare-problem').at(-1)).toHaveTextContent('Compare at most 4 listings at once.'),
    );
    expect(screen.getAllByTestId('compare-problem').at(-1)).toHaveAttribute('role', 'alert');
    expect(requests.filter((r) => new URL(r.url).pathname === '/api/properties/compare')).toHaveLength(0);

    const refused = (await loader({
      request: new Request('http://localhost/compare?ids=0'),
      params: {},
      context: testContext,
    } as never)) as { init: ResponseInit; data: { problem: string } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.problem).toBe('invalid');
  });

  it('without ids and nothing picked: says how to pick listings; with a selection in the browser: opens it', async () => {
    stubCompare();
    await renderApp('/compare');
    expect(await screen.findByTestId('compare-empty')).toHaveTextContent('There is nothing to compare yet.');
    localStorage.setItem('baan.compare', JSON.stringify([2, 1]));
    const { router } = await renderApp('/compare');
    await waitFor(() => expect(router.state.location.search).toBe('?ids=2,1'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
