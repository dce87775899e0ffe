import type { MarketFigures, PricePoint, ProjectSummary, Property } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingPrices, projects, properties } from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { MARKET_AREAS_JOB } from '../src/services/projects/area-figures.ts';
import { createRng } from '../src/services/seed/prng.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { MARKET_NOW, priceNow, type Recounted, recount, visible } from './market-recount.ts';

/**
 * Market figures (ADR 028) on a generated data set: every figure the API answers is recomputed here by brute force
 * from the rows the test wrote (medians, yield, per-month samples, price-drop flags).
 */
const app = await build();
const NOW = MARKET_NOW;
app.clock.now = () => NOW;
const DAY = 86_400_000;
const owner = await createUser(app, { email: 'market-owner@baan.example' });

const [project] = await app.db
  .insert(projects)
  .values({ slug: 'market-tower', nameEn: 'Market Tower', nameTh: 'มาร์เก็ต ทาวเวอร์', lat: 13.73, lon: 100.56 })
  .returning();
const [other] = await app.db
  .insert(projects)
  .values({ slug: 'other-tower', nameEn: 'Other Tower', lat: 13.74, lon: 100.57 })
  .returning();
if (!project || !other) throw new Error('no project');

type Generated = Recounted & { id: number };

// Listings of the project over three years: sale at 80,000–250,000 a m², rent at 300–900 a m² a month, each with up
// to four price changes, some sold, paused, hidden or waiting for review.
const rng = createRng(2031);
const generated: Generated[] = [];
for (let i = 0; i < 70; i++) {
  const type = rng.chance(0.55) ? 'sale' : 'rent';
  const area = rng.int(24, 140);
  const createdAt = new Date(NOW.getTime() - rng.int(1, 1100) * DAY - rng.int(0, 86_000) * 1000);
  const perSqm = type === 'sale' ? rng.int(80_000, 250_000) : rng.int(300, 900);
  const prices = [{ price: perSqm * area + rng.int(0, 999), at: createdAt }];
  const changes = rng.int(0, 4);
  for (let c = 0; c < changes; c++) {
    const last = prices[prices.length - 1] as { price: number; at: Date };
    const at = new Date(
      last.at.getTime() + (rng.int(1, Math.max(2, Math.floor((NOW.getTime() - last.at.getTime()) / DAY))) * DAY) / 2,
    );
    if (at.getTime() >= NOW.getTime()) break;
    const factor = rng.chance(0.6) ? rng.range(0.85, 0.99) : rng.range(1.01, 1.1);
    prices.push({ price: Math.round(last.price * factor), at });
  }
  // Every fourth listing changed its price again in the last four months (cuts and rises around the 90-day edge).
  if (i % 4 === 0) {
    const last = prices[prices.length - 1] as { price: number; at: Date };
    const at = new Date(NOW.getTime() - rng.int(1, 120) * DAY - rng.int(0, 80_000) * 1000);
    if (at.getTime() > last.at.getTime()) {
      prices.push({
        price: Math.round(last.price * (rng.chance(0.7) ? rng.range(0.8, 0.98) : rng.range(1.02, 1.1))),
        at,
      });
    }
  }
  const roll = rng.next();
  const status = roll < 0.7 ? 'active' : roll < 0.8 ? 'sold' : roll < 0.9 ? 'paused' : 'hidden';
  const review = rng.chance(0.9) ? 'approved' : 'pending';
  const lastAt = (prices[prices.length - 1] as { at: Date }).at;
  const updatedAt = new Date(
    lastAt.getTime() + rng.int(0, Math.floor((NOW.getTime() - lastAt.getTime()) / 1000)) * 1000,
  );
  const last = prices[prices.length - 1] as { price: number };
  const before = prices.length > 1 ? (prices[prices.length - 2] as { price: number }).price : null;
  const row = await makeListing(app, owner.id, {
    title: `Generated ${i}`,
    type,
    area,
    price: last.price,
    status,
    review,
    projectId: project.id,
    location: 'Asok, Bangkok',
    createdAt,
    updatedAt,
    priceBefore: before,
    priceChangedAt: prices.length > 1 ? lastAt : null,
  });
  await app.db
    .insert(listingPrices)
    .values(prices.map((p) => ({ propertyId: row.id, price: p.price, changedAt: p.at })));
  generated.push({ id: row.id, type, area, status, review, createdAt, updatedAt, prices });
}
// A listing of another project: in neither figure.
await makeListing(app, owner.id, { type: 'sale', area: 50, price: 1_000, projectId: other.id });

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as T;
};

describe('GET /api/projects/{slug}/market', () => {
  for (const window of [12, 24, 60] as const) {
    it(`answers the medians, yield and ${window} months of trend as a brute-force recount`, async () => {
      const figures = await get<MarketFigures>(`/api/projects/market-tower/market?months=${window}`);
      expect(figures).toEqual(recount(generated, window));
      expect(figures.sale.listings).toBeGreaterThan(5);
      expect(figures.trend.some((m) => m.sale_listings > 0 && m.rent_listings > 0)).toBe(true);
    });
  }

  it('refuses another window and an unknown slug with a 4xx in the envelope', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/projects/market-tower/market?months=36' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    for (const slug of ['no-such-tower', 'Not%20A%20Slug', 'a'.repeat(100)]) {
      const res = await app.inject({ method: 'GET', url: `/api/projects/${slug}/market` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    // Past the longest slug: refused before any read (the path's own limit may answer first).
    const long = await app.inject({ method: 'GET', url: `/api/projects/${'a'.repeat(101)}/market` });
    expect([404, 414]).toContain(long.statusCode);
  });
});

describe('the project in the list', () => {
  it('carries the same figures now as its market', async () => {
    const page = await get<{ items: ProjectSummary[] }>('/api/projects?q=market');
    const figures = await get<MarketFigures>('/api/projects/market-tower/market');
    const [summary] = page.items;
    expect(summary?.slug).toBe('market-tower');
    expect(summary?.median_price_per_sqm).toBe(figures.sale.median_price_per_sqm);
    expect(summary?.median_rent_per_sqm).toBe(figures.rent.median_rent_per_sqm);
    expect(summary?.gross_yield_pct).toBe(figures.gross_yield_pct);
    expect(summary?.listings_for_sale).toBe(generated.filter((g) => visible(g) && g.type === 'sale').length);
    expect(summary?.listings_for_rent).toBe(generated.filter((g) => visible(g) && g.type === 'rent').length);
  });
});

describe('price drops', () => {
  const cutWithin90Days = (g: Generated) => {
    if (g.prices.length < 2) return false;
    const last = g.prices[g.prices.length - 1] as { price: number; at: Date };
    const before = g.prices[g.prices.length - 2] as { price: number };
    return NOW.getTime() - last.at.getTime() <= 90 * DAY && before.price > last.price;
  };

  it('price_drop=1 finds exactly the listings whose last change within 90 days was a cut', async () => {
    // The wire's window is the real clock's (as the cache's); the generated dates are relative to NOW.
    const offset = Date.now() - NOW.getTime();
    await app.db.execute(
      `update properties set price_changed_at = price_changed_at + interval '${Math.round(offset / 1000)} seconds' where price_changed_at is not null`,
    );
    app.listingCache.clear();
    const page = await get<{ items: Property[]; total: number }>(
      '/api/properties?project=market-tower&price_drop=1&per_page=100',
    );
    const expected = generated.filter((g) => visible(g) && cutWithin90Days(g));
    expect(expected.length).toBeGreaterThan(0);
    expect(page.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.map((g) => g.id).sort((a, b) => a - b));
    for (const item of page.items) {
      const g = generated.find((x) => x.id === item.id) as Generated;
      expect(item.previous_price).toBe((g.prices[g.prices.length - 2] as { price: number }).price);
      expect(item.project).toEqual({
        id: project.id,
        slug: 'market-tower',
        name_en: 'Market Tower',
        name_th: 'มาร์เก็ต ทาวเวอร์',
      });
    }
    const all = await get<{ items: Property[] }>('/api/properties?project=market-tower&per_page=100');
    expect(all.items.length).toBe(generated.filter(visible).length);
    for (const item of all.items.filter((p) => !expected.some((g) => g.id === p.id)))
      expect(item.previous_price).toBeNull();
  });

  it('answers a listing’s prices oldest first, one per Bangkok day, and 404 for one that is not public', async () => {
    const shown = generated.find((g) => visible(g) && g.prices.length > 2) as Generated;
    const history = await get<PricePoint[]>(`/api/property/${shown.id}/price-history`);
    const day = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const expected: PricePoint[] = [];
    for (const p of shown.prices) {
      const last = expected[expected.length - 1];
      if (last && last.date === day(p.at)) last.price = p.price;
      else expected.push({ date: day(p.at), price: p.price });
    }
    expect(history).toEqual(expected);
    const hidden = generated.find((g) => g.status === 'hidden') as Generated;
    const res = await app.inject({ method: 'GET', url: `/api/property/${hidden.id}/price-history` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('GET /api/market', () => {
  it('answers an area’s figures per sub type, and 404 for an area with nothing stored', async () => {
    // The stored figures (ADR 028) are the job's: its start-up run may have read the listings while this file was
    // still making them, so it runs again now, as its schedule would a minute later.
    await enqueueJob(app.db, MARKET_AREAS_JOB, {}, { runAt: app.clock.now() });
    await app.jobs.drain();
    await app.listingCache.invalidate('test');
    const figures = await get<MarketFigures>('/api/market?province=bangkok&district=watthana&sub_type=condo&months=12');
    const result = (await app.db.execute(
      "select count(*)::int as n from properties where district = 'Watthana' and status = 'active' and review = 'approved' and type = 'sale' and area > 0 and property_sub_type = 'condo'",
    )) as unknown as { rows: { n: number }[] };
    const n = Number(result.rows[0]?.n ?? 0);
    expect(figures.sale.listings).toBe(n);
    expect(figures.trend).toHaveLength(12);
    // Spaces and hyphens do not count ("pathum-wan", "Pathum Wan" and "Pathumwan" are one district).
    const spelt = await get<MarketFigures>('/api/market?province=Bangkok&district=Wat-Thana&sub_type=condo&months=12');
    expect(spelt).toEqual(figures);
    const none = await app.inject({ method: 'GET', url: '/api/market?province=atlantis' });
    expect(none.statusCode).toBe(404);
    const missing = await app.inject({ method: 'GET', url: '/api/market' });
    expect(missing.statusCode).toBe(400);
    const long = await app.inject({ method: 'GET', url: `/api/market?province=${'b'.repeat(81)}` });
    expect(long.statusCode).toBe(400);
  });
});

// Nothing above wrote to the listings: the generated rows are as they were.
describe('reads write nothing', () => {
  it('leaves every generated listing’s price as it was', async () => {
    for (const g of generated.slice(0, 10)) {
      const [row] = await app.db.select({ price: properties.price }).from(properties).where(eq(properties.id, g.id));
      expect(row?.price).toBe(priceNow(g));
    }
  });
});
