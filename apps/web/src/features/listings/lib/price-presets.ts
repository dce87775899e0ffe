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

/** One decimal at most, as ICU's compact numbers write it: no grouping, a decimal comma in Russian. */
function short(value: number, language: string): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return language === 'ru' ? text.replace('.', ',') : text;
}

/**
 * A sale price from a million up to 100 million as ICU's compact number writes it in each language (Thai's long form),
 * frozen here: Chromium ships no Burmese data, so its Intl wrote "฿3M" where the server had written "฿3 သန်း", and the
 * home page's search failed to hydrate in Burmese. price-presets.test.ts checks these against Intl.
 */
function compactPrice(price: number, language: string): string {
  switch (language) {
    case 'th':
      return `${short(price / 1e6, language)} ล้าน`;
    case 'zh':
      return `${short(price / 1e4, language)}万`;
    case 'ja':
      return `${short(price / 1e4, language)}万`;
    case 'TW':
      return `${short(price / 1e4, language)}萬`;
    case 'my':
      // Ten million is one ကုဋေ (9,960,000 rounds up to it); a no-break space before the unit, as in Russian.
      return Math.round(price / 1e5) >= 100
        ? `${short(price / 1e7, language)}\u00a0ကုဋေ`
        : `${short(price / 1e6, language)}\u00a0သန်း`;
    case 'ru':
      return `${short(price / 1e6, language)}\u00a0млн`;
    default:
      return `${short(price / 1e6, language)}M`;
  }
}

/**
 * A preset as the select shows it: rents in full (฿15,000), sale prices in millions the reader's way ("฿3M",
 * "฿3 ล้าน" — Thai readers say ล้าน, not M —, "฿300万", "฿3 млн").
 */
export function presetLabel(price: number, deal: ListingType, language: string): string {
  if (deal === 'rent' || price < 1_000_000) return formatPrice(price);
  if (price < 100_000_000) return `฿${compactPrice(price, language)}`;
  const compact = numberFormat(formatLocale(language), {
    notation: 'compact',
    compactDisplay: language === 'th' ? 'long' : 'short',
    maximumFractionDigits: 1,
  });
  return `฿${compact.format(price)}`;
}
