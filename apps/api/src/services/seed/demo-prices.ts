import type { ListingType, PropertySubType } from '@baan/contract';
import type { Area, DemoListing } from './demo-listings.ts';
import { createRng, type Rng } from './prng.ts';

/**
 * What a m² of condo costs for sale in a demo area (THB), by city and price level: central Bangkok about
 * 170,000–330,000, the rest of Bangkok less, the resort towns and Chiang Mai far less, the Northeast least.
 */
export function condoSalePerSqm(area: Area): [number, number] {
  switch (area.city) {
    case 'Bangkok':
      return area.priceLevel >= 1.2
        ? [170_000, 330_000]
        : area.priceLevel >= 0.95
          ? [115_000, 190_000]
          : [75_000, 135_000];
    case 'Phuket':
      return [90_000, 180_000];
    case 'Pattaya':
      return [60_000, 120_000];
    case 'Hua Hin':
      return [65_000, 120_000];
    case 'Chiang Mai':
      return [55_000, 100_000];
    default:
      return [30_000, 60_000];
  }
}

/** A gross yield a year (rent × 12 ÷ price) for demo rents: 3.5–5.5 %. */
export const rentPerSqmOf = (salePerSqm: number, rng: Rng) => (salePerSqm * rng.range(0.035, 0.055)) / 12;

/** How a sub type's price per m² compares with a condo's in the same area (built area; land is left as drawn). */
const PER_SQM_FACTOR: Partial<Record<PropertySubType, number>> = {
  condo: 1,
  apartment: 0.75,
  house: 0.55,
  townhouse: 0.45,
  twinhouse: 0.5,
  villa: 0.8,
  pent_villa: 0.9,
  bungalow: 0.6,
  shophouse: 0.6,
  office: 0.7,
  home_office: 0.55,
};

const SALE_RANGE: [number, number] = [1_500_000, 45_000_000];
const RENT_RANGE: [number, number] = [8_000, 95_000];

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/**
 * A listing's price held to its area: a condo's from the area's price per m² (rent at a plausible yield); other
 * built sub types' drawn price kept between 20 % and 100 % of their share of that (so no 145 m² house at ฿60M
 * near Kata); land as drawn. Sale prices rounded to ฿10,000, rents to ฿500, condos inside the catalogue's ranges.
 */
export function plausiblePrice(
  sub: PropertySubType,
  type: ListingType,
  area: Area,
  sqm: number,
  drawn: number,
  rng: Rng,
): number {
  const [lo, hi] = condoSalePerSqm(area);
  const factor = PER_SQM_FACTOR[sub];
  const step = type === 'rent' ? 500 : 10_000;
  if (sub === 'condo') {
    const sale = rng.range(lo, hi);
    const perSqm = type === 'sale' ? sale : rentPerSqmOf(sale, rng);
    const [min, max] = type === 'sale' ? SALE_RANGE : RENT_RANGE;
    return Math.min(max, Math.max(min, roundTo(perSqm * sqm, step)));
  }
  if (factor === undefined) return roundTo(drawn, step);
  const cap = type === 'sale' ? hi * factor * sqm : (hi * factor * sqm * 0.05) / 12;
  const floor = cap * 0.2;
  return roundTo(Math.min(cap, Math.max(floor, drawn)), step);
}

const DAY_MINUTES = 24 * 60;

/**
 * Earlier asking prices, back-filled so the market trend and the price-drop badge have something to show: about 40 %
 * of the listings older than a month changed their price one to three times since they were listed (mostly cuts,
 * some rises), at random moments between then and now. From its own PRNG.
 */
export function addPriceHistory(listings: DemoListing[]): void {
  const rng = createRng(20_261_128);
  for (const listing of listings) {
    listing.earlierPrices = [];
    listing.priceChangedMinutesAgo = null;
    if (listing.ageMinutes < 30 * DAY_MINUTES || !rng.chance(0.4)) continue;
    const changes = rng.int(1, 3);
    const moments = Array.from({ length: changes }, () => rng.int(1, listing.ageMinutes - 1)).sort((a, b) => b - a);
    // Walking back from today's price: before a cut the price was higher, before a rise lower.
    let later = listing.price;
    const earlier: { price: number; ageMinutes: number }[] = [];
    const step = listing.type === 'rent' ? 500 : 10_000;
    for (let i = moments.length - 1; i >= 0; i--) {
      const wasCut = rng.chance(0.75);
      const before = roundTo(later * (wasCut ? rng.range(1.03, 1.12) : rng.range(0.92, 0.97)), step);
      // The price before change i held from the change before it (or the listing's start).
      earlier.unshift({ price: before, ageMinutes: i === 0 ? listing.ageMinutes : (moments[i - 1] as number) });
      later = before;
    }
    // The current price holds from the last change.
    listing.earlierPrices = earlier;
    listing.priceChangedMinutesAgo = moments[moments.length - 1] as number;
  }
}
