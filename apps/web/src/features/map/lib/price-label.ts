import type { MapPoint } from '@baan/contract';
import { numberFormat } from '../../../lib/intl-cache';

const WHOLE = numberFormat('en-US', { maximumFractionDigits: 0 });

/** A marker's short price: ฿3.5M, ฿25K (en-US digits, as every price on the site). */
export function shortPrice(price: number): string {
  return `฿${numberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(price)}`;
}

/** A large cluster's count on its bubble: 12K (en-US digits, as every number on the site). */
export function compactCount(count: number): string {
  return numberFormat('en-US', { notation: 'compact', maximumFractionDigits: 0 }).format(count);
}

/** A count or price with en-US separators (1,000), as the rest of the site writes them. */
export function formatWhole(value: number): string {
  return WHOLE.format(value);
}

/** The popup's full price (฿3,500,000), "/ month" after a rent. */
export function fullPrice(point: Pick<MapPoint, 'price' | 'type'>, perMonth: string): string {
  const price = `฿${WHOLE.format(point.price)}`;
  return point.type === 'rent' ? `${price} ${perMonth}` : price;
}
