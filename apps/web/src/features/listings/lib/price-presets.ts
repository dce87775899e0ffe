import { formatLocale, type ListingType } from '@baan/contract';
import { numberFormat } from '../../../lib/intl-cache';
import { formatPrice } from './format';

/**
 * The hero's price choices in baht: what Thai portals offer, from a starter condo to a large house for sale, and from
 * a studio to a family house for rent (a month). The first and last choices are "any".
 */
export const PRICE_PRESETS: Record<ListingType, readonly number[]> = {
  sale: [
    1_000_000, 2_000_000, 3_000_000, 5_000_000, 7_000_000, 10_000_000, 15_000_000, 20_000_000, 30_000_000, 50_000_000,
  ],
  rent: [5_000, 8_000, 10_000, 15_000, 20_000, 30_000, 50_000, 80_000, 100_000, 200_000],
};

/**
 * A preset as the select shows it: rents in full (฿15,000), sale prices in millions the reader's way ("฿3M",
 * "฿3 ล้าน" — Thai readers say ล้าน, not M —, "฿300万", "฿3 млн").
 */
export function presetLabel(price: number, deal: ListingType, language: string): string {
  if (deal === 'rent' || price < 1_000_000) return formatPrice(price);
  const compact = numberFormat(formatLocale(language), {
    notation: 'compact',
    compactDisplay: language === 'th' ? 'long' : 'short',
    maximumFractionDigits: 1,
  });
  return `฿${compact.format(price)}`;
}
