import type { MarketFigures } from '@baan/contract';

/**
 * The market figures of ADR 028 recounted by brute force from the rows a test wrote (no SQL), for tests whose clock
 * stands at MARKET_NOW: 15 June 2031, in Bangkok too.
 */
export const MARKET_NOW = new Date('2031-06-15T05:00:00Z');

export type Recounted = {
  type: 'sale' | 'rent';
  area: number;
  status: 'active' | 'sold' | 'paused' | 'hidden';
  review: 'approved' | 'pending';
  createdAt: Date;
  updatedAt: Date;
  /** Oldest first. */
  prices: { price: number; at: Date }[];
};

/** percentile_cont(0.5): the middle value, or the mean of the two middle ones. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
export const rounded = (v: number | null) => (v === null ? null : Math.round(v));
export const yieldOf = (sale: number | null, rent: number | null) =>
  sale === null || rent === null || sale <= 0 ? null : Math.round(((rent * 12) / sale) * 1000) / 10;
export const visible = (g: Recounted) => g.status === 'active' && g.review === 'approved';
export const priceNow = (g: Recounted) => (g.prices[g.prices.length - 1] as { price: number }).price;

/** The Bangkok calendar months ending with MARKET_NOW's, oldest first, as [label, start, end). */
export function months(n: number): { label: string; start: number; end: number }[] {
  const out = [];
  for (let i = n - 1; i >= 0; i--) {
    const y = 2031 + Math.floor((5 - i) / 12);
    const m = (((5 - i) % 12) + 12) % 12;
    const start = Date.UTC(y, m, 1) - 7 * 3_600_000;
    const end = Date.UTC(m === 11 ? y + 1 : y, (m + 1) % 12, 1) - 7 * 3_600_000;
    out.push({ label: `${y}-${String(m + 1).padStart(2, '0')}`, start, end });
  }
  return out;
}

/** Every figure of a market answer over `window` months, recounted from `listings` (owners all enabled). */
export function recount(listings: Recounted[], window: number): MarketFigures {
  const now = (type: 'sale' | 'rent') =>
    listings.filter((g) => visible(g) && g.type === type && g.area > 0).map((g) => priceNow(g) / g.area);
  const sale = rounded(median(now('sale')));
  const rent = rounded(median(now('rent')));
  const trend = months(window).map(({ label, start, end }) => {
    const at = (type: 'sale' | 'rent') =>
      listings
        .filter(
          (g) =>
            g.type === type &&
            g.area > 0 &&
            g.review === 'approved' &&
            g.status !== 'hidden' &&
            g.createdAt.getTime() < end &&
            (g.status === 'active' || g.updatedAt.getTime() >= start),
        )
        .map((g) => {
          const then = g.prices.filter((p) => p.at.getTime() < end);
          return (then[then.length - 1] as { price: number }).price / g.area;
        });
    return {
      month: label,
      median_price_per_sqm: rounded(median(at('sale'))),
      median_rent_per_sqm: rounded(median(at('rent'))),
      sale_listings: at('sale').length,
      rent_listings: at('rent').length,
    };
  });
  return {
    sale: { median_price_per_sqm: sale, listings: now('sale').length },
    rent: { median_rent_per_sqm: rent, listings: now('rent').length },
    gross_yield_pct: yieldOf(sale, rent),
    trend,
  };
}
