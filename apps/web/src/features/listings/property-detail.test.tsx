import type { Property } from '@baan/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { jsonResponse } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';

// The detail page's facts: the spec grid, the wizard's house information, the availability date and the rooms.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

/** The listing's page; `prefix` is the language's (`/th`): the URL names the page's language. */
async function showListing(property: Property, prefix = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { success: true, payload: property })),
  );
  await renderApp(`${prefix}/detail/${property.id}`);
  await screen.findByRole('heading', { level: 1, name: property.title }, { timeout: 15_000 });
  return within(screen.getByRole('region', { name: /^(Property details|รายละเอียดทรัพย์)$/ }));
}

/** The facts as "label: value" pairs, in the order shown. */
function facts(region: ReturnType<typeof within>): string[] {
  return region
    .getAllByRole('term')
    .map((term: HTMLElement) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
}

describe('Property detail: the listing facts', () => {
  it('shows living space, lot area, average utilities, the availability date and the rooms', async () => {
    const region = await showListing(
      makeProperty(7, {
        living_space: 65,
        lot_area: 1200,
        avg_utilities: 3500,
        availability_date: '2099-09-01',
        level: 18,
        floors: 1,
        rooms: [
          { type: 'bedroom', quantity: 2 },
          { type: 'balcony', quantity: 1 },
          { type: 'Wine cellar', quantity: 1 },
        ],
      }),
    );
    expect(facts(region)).toEqual([
      'Property type: Residential',
      'Type: Condo',
      'Area: 45 m²',
      'Living space: 65 m²',
      'Lot area: 1,200 m²',
      'Bedrooms: 2',
      'Bathrooms: 1',
      'Kitchen: 1',
      'Floors: 1',
      'Level: 18',
      // One label for the listing page and the wizard (listings:detail.avgUtilities), which says per month.
      'Average utilities per month: ฿3,500',
      'Price per m²: ฿556/m²/month',
      'Available from: Sep 1, 2099',
      'Bedroom: 2',
      'Balcony: 1',
      // A room type another client sent, not one of ours: shown as written.
      'Wine cellar: 1',
    ]);
    expect(region.getByRole('heading', { level: 3, name: 'Rooms' })).toBeInTheDocument();
  });

  it('shows no level on a villa, no floors or level on land, and leaves out what was not given', async () => {
    const villa = await showListing(makeProperty(8, { property_sub_type: 'villa', level: 0, floors: 2 }));
    expect(facts(villa)).toEqual([
      'Property type: Residential',
      'Type: Villa',
      'Area: 45 m²',
      'Bedrooms: 2',
      'Bathrooms: 1',
      'Kitchen: 1',
      'Floors: 2',
      'Price per m²: ฿556/m²/month',
    ]);
    expect(villa.queryByRole('heading', { name: 'Rooms' })).not.toBeInTheDocument();
  });

  it('shows neither floors nor level on land without a building, and "Now" for a past date', async () => {
    const land = await showListing(
      makeProperty(9, {
        property_sub_type: 'land',
        property_type: 'commercial',
        level: 0,
        floors: 0,
        lot_area: 1600,
        availability_date: '2020-01-01',
      }),
    );
    const shown = facts(land);
    expect(shown.some((fact) => fact.startsWith('Level') || fact.startsWith('Floors'))).toBe(false);
    expect(shown).toContain('Lot area: 1,600 m²');
    expect(shown).toContain('Available from: Now');
  });

  it('reads "Now" by the day in Bangkok (UTC+7), not the visitor’s or server’s clock', async () => {
    const availableMarch2 = (id: number) => makeProperty(id, { availability_date: '2026-03-02' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 on 1 March in Bangkok: not yet.
      vi.setSystemTime(new Date('2026-03-01T16:30:00Z'));
      const before = facts(await showListing(availableMarch2(31)));
      expect(before.find((fact) => fact.startsWith('Available from'))).not.toBe('Available from: Now');
      cleanup();
      // 00:30 on 2 March in Bangkok, still 1 March in UTC: now.
      vi.setSystemTime(new Date('2026-03-01T17:30:00Z'));
      expect(facts(await showListing(availableMarch2(32)))).toContain('Available from: Now');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a land listing’s area and lot area in rai, ngan and square wah in Thai, in m² in English (issue 16)', async () => {
    const land = makeProperty(12, {
      property_sub_type: 'land',
      property_type: 'commercial',
      area: 3600,
      lot_area: 1800,
      level: 0,
      floors: 0,
    });
    const english = facts(await showListing(land));
    expect(english).toContain('Area: 3,600 m²');
    expect(english).toContain('Lot area: 1,800 m²');
    cleanup();
    const thai = facts(await showListing(land, '/th'));
    expect(thai.find((fact) => fact.endsWith('2 ไร่ 1 งาน (3,600 ตร.ม.)'))).toBeDefined();
    expect(thai.find((fact) => fact.endsWith('1 ไร่ 50 ตร.ว. (1,800 ตร.ม.)'))).toBeDefined();
  });

  it('names the new sub types and shows the facts in Thai, with the Thai calendar year', async () => {
    const region = await showListing(
      makeProperty(10, { property_sub_type: 'pent_villa', living_space: 80, availability_date: '2099-09-01' }),
      '/th',
    );
    const shown = facts(region);
    expect(shown).toContain('ประเภทย่อย: เพนต์วิลล่า');
    expect(shown).toContain('พื้นที่ใช้สอย: 80 ตร.ม.');
    expect(shown.find((fact) => fact.startsWith('พร้อมเข้าอยู่ตั้งแต่'))).toMatch(/2642/);
  });

  it('shows the price per m², the nearest station, the title deed and a condo’s foreign quota', async () => {
    const region = await showListing(
      makeProperty(11, {
        type: 'sale',
        price: 4_000_000,
        area: 72,
        price_per_sqm: 55_556,
        nearest_station: {
          id: 'bts-asok',
          name: 'Asok',
          name_th: 'อโศก',
          line: 'bts-sukhumvit',
          system: 'BTS',
          distance_m: 649,
        },
        foreign_quota: 1,
        title_deed: 'chanote',
      }),
    );
    const shown = facts(region);
    expect(shown).toContain('Price per m²: ฿55,556/m²');
    expect(shown).toContain('Nearest station: 650 m to BTS Asok');
    expect(shown).toContain('Title deed: Chanote (title deed)');
    expect(shown).toContain('Foreign quota: Foreign quota available');
    // Beside the price and the place, and the foreigner-friendly badge.
    expect(screen.getAllByTestId('price-per-sqm')[0]).toHaveTextContent('฿55,556/m²');
    expect(screen.getAllByTestId('station-distance')[0]).toHaveTextContent('650 m to BTS Asok');
    expect(screen.getAllByText('Foreigner-friendly').length).toBeGreaterThan(0);
  });

  it('leaves out what a listing does not have: no area, no station, no deed, quota on a house', async () => {
    const region = await showListing(
      makeProperty(12, { property_sub_type: 'house', price_per_sqm: null, foreign_quota: 1, level: 0, floors: 2 }),
    );
    const shown = facts(region);
    expect(shown.some((fact) => /Price per m²|Nearest station|Title deed|Foreign quota/.test(fact))).toBe(false);
    expect(screen.queryByTestId('price-per-sqm')).not.toBeInTheDocument();
    expect(screen.queryByTestId('station-distance')).not.toBeInTheDocument();
    expect(screen.queryByText('Foreigner-friendly')).not.toBeInTheDocument();
  });

  it('names the station, the deed and the quota in Thai', async () => {
    const region = await showListing(
      makeProperty(13, {
        nearest_station: {
          id: 'mrt-sukhumvit',
          name: 'Sukhumvit',
          name_th: 'สุขุมวิท',
          line: 'mrt-blue',
          system: 'MRT',
          distance_m: 1_234,
        },
        foreign_quota: 1,
        title_deed: 'nor_sor_3_gor',
      }),
      '/th',
    );
    const shown = facts(region);
    expect(shown).toContain('สถานีที่ใกล้ที่สุด: ห่างจาก MRT สุขุมวิท 1.2 กม.');
    expect(shown).toContain('เอกสารสิทธิ์: น.ส. 3 ก.');
    expect(shown).toContain('โควตาต่างชาติ: มีโควตาต่างชาติ');
    expect(shown).toContain('ราคาต่อ ตร.ม.: ฿556/ตร.ม./เดือน');
  });
});
