import { type MarketFigures, PROPERTY_SUB_TYPES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingPrices, marketAreaFigures, properties } from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { MARKET_AREAS_JOB, refreshAreaFigures } from '../src/services/projects/area-figures.ts';
import { createRng } from '../src/services/seed/prng.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { MARKET_NOW, type Recounted, recount } from './market-recount.ts';

/**
 * Stored area figures (ADR 028, "Stored area figures"): what GET /api/market answers from the `market.areas` job's
 * table equals a brute-force recount of the generated rows, and a price change or a new listing reaches it with the
 * job's next run (and only then).
 */
// No background worker: its run at start would race the setup's inserts (reading the fingerprints before the last
// rows and storing after the test's own run), so a "nothing changed" run could see two areas changed. The tests run
// the job themselves (runJob, refreshAreaFigures).
const app = await build({ jobsWorker: false });
let now = MARKET_NOW;
app.clock.now = () => now;
const DAY = 86_400_000;
const owner = await createUser(app, { email: 'area-figures@baan.example' });
const auth = { authorization: `Bearer ${owner.token}` };

type Generated = Recounted & { id: number; district: string; subType: 'condo' | 'house' };
const PLACES = [
  { province: 'Chiang Mai', district: 'Mueang Chiang Mai' },
  { province: 'Chiang Mai', district: 'Hang Dong' },
  { province: 'Phuket', district: 'Kathu' },
];
const rng = createRng(2402);
const generated: Generated[] = [];
for (let i = 0; i < 90; i++) {
  const place = PLACES[i % 3] as (typeof PLACES)[number];
  const type = rng.chance(0.55) ? 'sale' : 'rent';
  const subType = rng.chance(0.7) ? 'condo' : 'house';
  const area = rng.int(24, 200);
  const createdAt = new Date(now.getTime() - rng.int(1, 1900) * DAY);
  const perSqm = type === 'sale' ? rng.int(40_000, 180_000) : rng.int(200, 700);
  const prices = [{ price: perSqm * area + rng.int(0, 999), at: createdAt }];
  for (let c = rng.int(0, 3); c > 0; c--) {
    const last = prices[prices.length - 1] as { price: number; at: Date };
    const at = new Date(last.at.getTime() + Math.floor((now.getTime() - last.at.getTime()) / 2));
    prices.push({
      price: Math.round(last.price * (rng.chance(0.6) ? rng.range(0.85, 0.99) : rng.range(1.01, 1.1))),
      at,
    });
  }
  const roll = rng.next();
  const status = roll < 0.7 ? 'active' : roll < 0.8 ? 'sold' : roll < 0.9 ? 'paused' : 'hidden';
  const review = rng.chance(0.9) ? 'approved' : 'pending';
  const lastAt = (prices[prices.length - 1] as { at: Date }).at;
  const updatedAt = new Date(
    lastAt.getTime() + rng.int(0, Math.floor((now.getTime() - lastAt.getTime()) / 1000)) * 1000,
  );
  const row = await makeListing(app, owner.id, {
    title: `Area ${i}`,
    type,
    area,
    price: (prices[prices.length - 1] as { price: number }).price,
    status,
    review,
    propertySubType: subType,
    propertyType: 'residential',
    location: `${place.district}, ${place.province}`,
    province: place.province,
    district: place.district,
    createdAt,
    updatedAt,
  });
  await app.db
    .insert(listingPrices)
    .values(prices.map((p) => ({ propertyId: row.id, price: p.price, changedAt: p.at })));
  generated.push({
    id: row.id,
    type,
    area,
    status,
    review,
    createdAt,
    updatedAt,
    prices,
    district: place.district,
    subType,
  });
}

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as MarketFigures;
};
const inArea = (district: string | null, subType: 'condo' | 'house') =>
  generated.filter(
    (g) => (district === null ? g.district !== 'Kathu' : g.district === district) && g.subType === subType,
  );
/** Runs the job as its schedule would, with whatever else is due. */
async function runJob() {
  await enqueueJob(app.db, MARKET_AREAS_JOB, {}, { runAt: now });
  await app.jobs.drain();
}
const storedRows = () => app.db.select().from(marketAreaFigures);

describe('the market.areas job', () => {
  it('stores, per area and sub type, the figures a brute-force recount gives, and GET /api/market answers them', async () => {
    await runJob();
    const rows = await storedRows();
    // Three districts and two provinces, each with every sub type of the contract (empty figures where none).
    expect(rows.map((r) => r.areaKey).sort()).toEqual(
      expect.arrayContaining([
        'chiangmai|',
        'chiangmai|hangdong',
        'chiangmai|mueangchiangmai',
        'phuket|',
        'phuket|kathu',
      ]),
    );
    expect(
      rows
        .filter((r) => r.areaKey === 'chiangmai|hangdong')
        .map((r) => r.subType)
        .sort(),
    ).toEqual(expect.arrayContaining(['condo', 'house', 'land', 'townhouse']));
    for (const window of [12, 24, 60] as const) {
      for (const subType of ['condo', 'house'] as const) {
        const district = await get(
          `/api/market?province=Chiang%20Mai&district=hang-dong&sub_type=${subType}&months=${window}`,
        );
        expect(district).toEqual(recount(inArea('Hang Dong', subType), window));
        const province = await get(`/api/market?province=chiang-mai&sub_type=${subType}&months=${window}`);
        expect(province).toEqual(recount(inArea(null, subType), window));
      }
    }
    expect(
      (await get('/api/market?province=Chiang Mai&district=Hang Dong&sub_type=condo')).sale.listings,
    ).toBeGreaterThan(3);
    // An area without listings is still a 404 (nothing stored for it).
    expect((await app.inject({ method: 'GET', url: '/api/market?province=Atlantis' })).statusCode).toBe(404);
  });

  it('answers from the stored row, not from the listings, until the job runs again', async () => {
    const [row] = await app.db.select().from(marketAreaFigures).where(eq(marketAreaFigures.areaKey, 'phuket|kathu'));
    const figures = row?.figures as MarketFigures;
    await app.db
      .update(marketAreaFigures)
      .set({ figures: { ...figures, gross_yield_pct: 99.9 } })
      .where(eq(marketAreaFigures.areaKey, 'phuket|kathu'));
    await app.listingCache.invalidate('test');
    const sub = row?.subType;
    expect((await get(`/api/market?province=Phuket&district=Kathu&sub_type=${sub}`)).gross_yield_pct).toBe(99.9);
    // Nothing changed under it: the job leaves it alone (it recomputes only changed areas).
    expect(await refreshAreaFigures(app.db, now)).toEqual({ computed: 0, removed: 0 });
    // Another month: the stored figures are not served, the live SQL answers, and the job recomputes every area.
    now = new Date('2031-07-02T05:00:00Z');
    await app.listingCache.invalidate('test');
    expect((await get(`/api/market?province=Phuket&district=Kathu&sub_type=${sub}`)).gross_yield_pct).not.toBe(99.9);
    const { computed } = await refreshAreaFigures(app.db, now);
    expect(computed).toBe((await storedRows()).length);
    now = MARKET_NOW;
    await refreshAreaFigures(app.db, now);
  });

  it('brings a price change and a new listing into the figures with its next run, and only those areas', async () => {
    const cut = generated.find(
      (g) =>
        g.district === 'Hang Dong' &&
        g.subType === 'condo' &&
        g.type === 'sale' &&
        g.status === 'active' &&
        g.review === 'approved',
    ) as Generated;
    const before = new Map((await storedRows()).map((r) => [`${r.areaKey} ${r.subType}`, r.computedAt.getTime()]));
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/property/${cut.id}`,
      headers: auth,
      payload: { price: String(Math.round((cut.prices.at(-1)?.price ?? 0) * 0.8)) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await app.db.select().from(properties).where(eq(properties.id, cut.id));
    const history = await app.db.select().from(listingPrices).where(eq(listingPrices.propertyId, cut.id));
    cut.prices = history
      .map((p) => ({ price: p.price, at: p.changedAt }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    cut.updatedAt = stored?.updatedAt as Date;
    cut.review = stored?.review as Generated['review'];
    cut.status = stored?.status as Generated['status'];
    const added = await makeListing(app, owner.id, {
      type: 'rent',
      area: 40,
      price: 16_000,
      propertySubType: 'condo',
      location: 'Hang Dong, Chiang Mai',
      province: 'Chiang Mai',
      district: 'Hang Dong',
      createdAt: new Date(now.getTime() - 3 * DAY),
      updatedAt: new Date(now.getTime() - 3 * DAY),
    });
    await app.db.insert(listingPrices).values({ propertyId: added.id, price: 16_000, changedAt: added.createdAt });
    generated.push({
      id: added.id,
      type: 'rent',
      area: 40,
      status: 'active',
      review: 'approved',
      createdAt: added.createdAt,
      updatedAt: added.updatedAt,
      prices: [{ price: 16_000, at: added.createdAt }],
      district: 'Hang Dong',
      subType: 'condo',
    });
    const expected = recount(inArea('Hang Dong', 'condo'), 24);
    await app.listingCache.invalidate('test');
    // Before the job: the stored figures of the last run.
    expect(await get('/api/market?province=Chiang Mai&district=Hang Dong&sub_type=condo')).not.toEqual(expected);

    now = new Date(MARKET_NOW.getTime() + 61_000);
    await runJob();
    expect(await get('/api/market?province=Chiang Mai&district=Hang Dong&sub_type=condo')).toEqual(expected);
    expect(await get('/api/market?province=Chiang Mai&sub_type=condo&months=60')).toEqual(
      recount(inArea(null, 'condo'), 60),
    );
    // Only the district's and the province's condo rows were computed again.
    const after = (await storedRows()).filter(
      (r) => r.computedAt.getTime() !== before.get(`${r.areaKey} ${r.subType}`),
    );
    expect(after.map((r) => `${r.areaKey} ${r.subType}`).sort()).toEqual([
      'chiangmai| condo',
      'chiangmai|hangdong condo',
    ]);
  });

  it('removes the rows of an area that no longer has listings', async () => {
    await app.db.delete(properties).where(eq(properties.district, 'Kathu'));
    // Phuket and Kathu, each with every sub type of the contract.
    expect(await refreshAreaFigures(app.db, now)).toEqual({ computed: 0, removed: 2 * PROPERTY_SUB_TYPES.length });
    expect((await storedRows()).some((r) => r.areaKey.startsWith('phuket'))).toBe(false);
  });
});
