import { numberFormat } from '../../../lib/intl-cache';

const THB = numberFormat('en-US', { maximumFractionDigits: 0 });

/** Prices in whole baht with en-US thousands separators (spec section 9): ฿25,000. */
export function formatPrice(price: number): string {
  return `฿${THB.format(price)}`;
}

export function formatNumber(value: number): string {
  return THB.format(value);
}

/**
 * A search's result count as shown: "10,000+" when the server counted no further (`total_capped`, past 10,000
 * matches), else the number.
 */
export function formatTotal(results: { total: number; total_capped?: 1 }): string {
  return results.total_capped ? `${formatNumber(results.total)}+` : formatNumber(results.total);
}

/** Page numbers are shown with two digits: 01, 02 … */
export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Shown instead of a photo that fails to load: a house outline on a soft background. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="427" viewBox="0 0 640 427"><rect width="640" height="427" fill="#e2e8f0"/><path d="M320 120 200 220h30v100h70v-70h40v70h70V220h30z" fill="#94a3b8"/></svg>',
)}`;

/** The last cut in whole per cent (at least 1) when the listing carries the price before it (`previous_price`), else null. */
export function priceCutPercent(property: { price: number; previous_price: number | null }): number | null {
  const before = property.previous_price;
  if (before === null || before <= property.price || before <= 0) return null;
  return Math.max(1, Math.round(((before - property.price) / before) * 100));
}

/** A listing's project name for a reader: Thai for Thai readers when it has one, else English. */
export function projectRefName(project: { name_en: string; name_th: string | null }, language: string): string {
  return language === 'th' && project.name_th ? project.name_th : project.name_en;
}
