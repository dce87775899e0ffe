import type { Property } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { pageServices } from '../src/plugins/app/page-services.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const owner = await createUser(app, { email: 'median-owner@baan.example' });
type Listing = Parameters<typeof makeListing>[2];
const make = (title: string, listing: Listing) => makeListing(app, owner.id, { title, ...listing });

const condoSale = { type: 'sale', propertySubType: 'condo', area: 50 } as const;
const thonglor = 'Thonglor, Bangkok'; // Watthana, Bangkok
// Five condos for sale in Watthana at 100,000 to 140,000 a m²: the district's median is 120,000.
for (const [i, price] of [5_000_000, 5_500_000, 6_000_000, 6_500_000, 7_000_000].entries()) {
  await make(`Watthana condo ${i + 1}`, { ...condoSale, location: thonglor, price });
}
// Waiting for review at 10,000 a m²: in the median it would pull it to 115,000 and leave condo 3 out.
await make('Pending condo', { ...condoSale, location: thonglor, price: 500_000, review: 'pending' });
// Paused at 10,000 a m²: not visible, so neither in the median nor in the list.
await make('Paused condo', { ...condoSale, location: thonglor, price: 500_000, status: 'paused' });
// Alone in Bang Rak: its province's median (Bangkok condos for sale: 60, 100, 110, 120, 130, 140 → 115,000) applies.
await make('Silom condo', { ...condoSale, location: 'Silom, Bangkok', price: 3_000_000 });
// A place nobody knows: no area, never "at cost", however cheap.
await make('Unplaced condo', { ...condoSale, location: 'Nowhere land', price: 1_000_000 });

// Houses, townhouses and twin houses are one group: four in Watthana (too few), five in Bangkok (30, 50, 60, 60, 80
// thousand a m² → 60,000).
const houseSale = { type: 'sale', propertyType: 'residential' } as const;
await make('Watthana house', {
  ...houseSale,
  propertySubType: 'house',
  location: thonglor,
  price: 10_000_000,
  area: 200,
});
await make('Watthana townhouse', {
  ...houseSale,
  propertySubType: 'townhouse',
  location: thonglor,
  price: 8_000_000,
  area: 100,
});
await make('Watthana big house', {
  ...houseSale,
  propertySubType: 'house',
  location: thonglor,
  price: 12_000_000,
  area: 200,
});
await make('Watthana twin house', {
  ...houseSale,
  propertySubType: 'twinhouse',
  location: thonglor,
  price: 9_000_000,
  area: 150,
});
await make('Bang Na house', {
  ...houseSale,
  propertySubType: 'house',
  location: 'Bang Na, Bangkok',
  price: 6_000_000,
  area: 200,
});

// Rentals are compared with rentals: 500 to 1,000 a m² a month in Watthana → 750.
for (const [i, price] of [20_000, 25_000, 30_000, 35_000, 40_000].entries()) {
  await make(`Watthana rental ${i + 1}`, {
    type: 'rent',
    propertySubType: 'condo',
    location: thonglor,
    price,
    area: 40,
  });
}

// Land in Chiang Mai: four plots, one fewer than a median needs.
const land = {
  type: 'sale',
  propertyType: 'commercial',
  propertySubType: 'land',
  location: 'Hang Dong, Chiang Mai',
} as const;
for (const [i, price] of [1_000_000, 2_000_000, 3_000_000, 4_000_000].entries()) {
  await make(`Hang Dong plot ${i + 1}`, { ...land, price, area: 1600 });
}

const get = (url: string) => app.inject({ method: 'GET', url });
async function titles(query: string): Promise<string[]> {
  const res = await get(`/api/properties?at_or_below_median=1&per_page=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payload.items as Property[]).map((p) => p.title);
}

describe('GET /api/properties?at_or_below_median=1 (Sell at cost)', () => {
  it("holds the listings at or below their district's median price per m², cheapest first", async () => {
    expect(await titles('&type=sale&sub_type=condo&sort=price_asc')).toEqual([
      'Silom condo',
      'Watthana condo 1',
      'Watthana condo 2',
      'Watthana condo 3',
    ]);
  });

  it("falls back to the province's median when the district has too few, and compares a group together", async () => {
    expect(
      (await titles('&type=sale&property_type=residential&sort=price_asc')).filter((t) => !/condo/.test(t)),
    ).toEqual(['Bang Na house', 'Watthana twin house', 'Watthana house', 'Watthana big house']);
  });

  it('compares rentals with rentals', async () => {
    expect(await titles('&type=rent&sort=price_asc')).toEqual([
      'Watthana rental 1',
      'Watthana rental 2',
      'Watthana rental 3',
    ]);
  });

  it('needs five comparable listings in an area: four say nothing, the fifth makes a median', async () => {
    expect((await titles('&sub_type=land')).length).toBe(0);
    await make('Hang Dong plot 5', { ...land, price: 5_000_000, area: 1600 });
    app.listingCache.clear();
    // 625, 1,250, 1,875, 2,500, 3,125 a m² → 1,875.
    expect(await titles('&sub_type=land&sort=price_asc')).toEqual([
      'Hang Dong plot 1',
      'Hang Dong plot 2',
      'Hang Dong plot 3',
    ]);
  });

  it('counts what it lists, and the pages read the same', async () => {
    const res = await get('/api/properties?at_or_below_median=1&type=sale&sub_type=condo&per_page=2');
    expect(res.json().payload.total).toBe(4);
    const page = await pageServices(app).searchProperties({
      at_or_below_median: '1',
      type: 'sale',
      sub_type: 'condo',
      sort: 'price_asc',
      page: 1,
      per_page: 8,
    });
    expect(page.items.map((p) => p.title)).toEqual([
      'Silom condo',
      'Watthana condo 1',
      'Watthana condo 2',
      'Watthana condo 3',
    ]);
  });

  it('refuses any other value with a 400 naming the field', async () => {
    for (const value of ['0', '2', 'yes']) {
      const res = await get(`/api/properties?at_or_below_median=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors.at_or_below_median).toEqual(['at_or_below_median must be 1.']);
    }
    // Blank is the same as left out.
    expect((await get('/api/properties?at_or_below_median=&per_page=1')).json().payload.total).toBeGreaterThan(20);
  });
});
