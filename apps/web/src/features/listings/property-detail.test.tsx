import type { Property } from '@baan/contract';
import { screen, within } from '@testing-library/react';
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
      'Area: 45 sqm',
      'Living space: 65 sqm',
      'Lot area: 1,200 sqm',
      'Bedrooms: 2',
      'Bathrooms: 1',
      'Kitchen: 1',
      'Floors: 1',
      'Level: 18',
      'Utilities (average): ฿3,500 / month',
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
      'Area: 45 sqm',
      'Bedrooms: 2',
      'Bathrooms: 1',
      'Kitchen: 1',
      'Floors: 2',
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
    expect(shown).toContain('Lot area: 1,600 sqm');
    expect(shown).toContain('Available from: Now');
  });

  it('names the new sub types and shows the facts in Thai, with the Thai calendar year', async () => {
    const region = await showListing(
      makeProperty(10, { property_sub_type: 'pent_villa', living_space: 80, availability_date: '2099-09-01' }),
      '/th',
    );
    const shown = facts(region);
    expect(shown).toContain('ชนิด: เพนต์วิลล่า');
    expect(shown).toContain('พื้นที่ใช้สอย: 80 ตร.ม.');
    expect(shown.find((fact) => fact.startsWith('พร้อมเข้าอยู่ตั้งแต่'))).toMatch(/2642/);
  });
});
