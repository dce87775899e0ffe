import { fromSquareMetres, type Property, toSubTypeKey } from '@baan/contract';
import type { TFunction } from 'i18next';
import { numberFormat } from './intl-cache';

const WHOLE = numberFormat('en-US', { maximumFractionDigits: 0 });
const WAH = numberFormat('en-US', { maximumFractionDigits: 2 });

/** "3,600 m²" in the reader's language (`units:sqm`). */
export function formatSquareMetres(t: TFunction, squareMetres: number): string {
  return t('units:sqm', { area: WHOLE.format(squareMetres) });
}

/**
 * A land area as its reader reads it (issue 16): in Thai rai, ngan and square wah without the zero parts ("2 ไร่ 1
 * งาน", "1 ไร่ 50 ตร.ว."), with the m² in brackets when `withSqm`; in every other language m² ("3,600 m²").
 */
export function formatLandArea(
  t: TFunction,
  language: string,
  squareMetres: number,
  { withSqm = false }: { withSqm?: boolean } = {},
): string {
  const sqm = formatSquareMetres(t, squareMetres);
  if (language !== 'th') return sqm;
  const { rai, ngan, wah } = fromSquareMetres(squareMetres);
  const words = [
    rai > 0 ? t('units:parts.rai', { value: WHOLE.format(rai) }) : '',
    ngan > 0 ? t('units:parts.ngan', { value: WHOLE.format(ngan) }) : '',
    wah > 0 ? t('units:parts.wah', { value: WAH.format(wah) }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (!words) return sqm;
  return withSqm ? t('units:withSqm', { land: words, sqm }) : words;
}

/** Whether a listing is land, whose area is land area (shown in rai, ngan and square wah to Thai readers). */
export const isLandListing = (property: Pick<Property, 'property_sub_type'>): boolean =>
  toSubTypeKey(property.property_sub_type) === 'land';
