import {
  formatLocale,
  type Property,
  RENTAL_TERM_FIELDS,
  RENTAL_TERM_NAMES,
  type RentalTermName,
} from '@baan/contract';
import type { TFunction } from 'i18next';
import { numberFormat } from './intl-cache';

/** One rental term in words: "Deposit" and "2 months". */
export interface RentalTermLine {
  name: RentalTermName;
  label: string;
  value: string;
}

/**
 * A term's value in words by its kind (RENTAL_TERM_FIELDS): months counted, a choice or yes/no by its option's name
 * (`listings:rentalTerms.options.<wire name>.<value>`), the rate in baht per unit. Every word is the listings
 * namespace's (loaded on every page), so the listing page, cards, compare and the wizard say the same.
 */
export function rentalTermValue(name: RentalTermName, value: string | number, t: TFunction, language: string): string {
  const field = RENTAL_TERM_FIELDS[name];
  switch (field.kind) {
    case 'months':
      return t('rentalTerms.months', { ns: 'listings', count: Number(value) });
    case 'rate': {
      const rate = numberFormat(formatLocale(language), { maximumFractionDigits: 2 }).format(Number(value));
      return t('rentalTerms.perUnit', { ns: 'listings', rate });
    }
    default:
      return t(`rentalTerms.options.${name}.${value}`, { ns: 'listings' });
  }
}

/**
 * A listing's term in words, or null when it does not give it (or is not a rental). The rate is said with the
 * electricity ("Building rate (7.5 ฿ per unit)"), not on its own line.
 */
export function rentalTermText(
  property: Property,
  name: RentalTermName,
  t: TFunction,
  language: string,
): string | null {
  const value = property[name];
  if (property.type !== 'rent' || value === null || name === 'electricity_rate') return null;
  const text = rentalTermValue(name, value, t, language);
  return name === 'electricity' && property.electricity_rate !== null
    ? `${text} (${rentalTermValue('electricity_rate', property.electricity_rate, t, language)})`
    : text;
}

/** The terms shown as lines (every one but the rate, which goes with the electricity), in the list's order. */
export const SHOWN_TERMS = RENTAL_TERM_NAMES.filter((name) => name !== 'electricity_rate');

/** A term's label: "Deposit". */
export const rentalTermLabel = (name: RentalTermName, t: TFunction): string =>
  t(`rentalTerms.${RENTAL_TERM_FIELDS[name].key}`, { ns: 'listings' });

/** The terms a rent listing gives, in the list's order (none for a sale listing). */
export function rentalTermLines(property: Property, t: TFunction, language: string): RentalTermLine[] {
  return SHOWN_TERMS.flatMap((name) => {
    const value = rentalTermText(property, name, t, language);
    return value === null ? [] : [{ name, label: rentalTermLabel(name, t), value }];
  });
}

/** A card's short summary of a rental: "Furnished · Pets allowed"; null when it says neither. */
export function rentalSummary(property: Property, t: TFunction): string | null {
  if (property.type !== 'rent') return null;
  const parts: string[] = [];
  if (property.furnishing) parts.push(t(`rentalTerms.options.furnishing.${property.furnishing}`, { ns: 'listings' }));
  if (property.pets_allowed === 1) parts.push(t('rentalTerms.options.pets_allowed.1', { ns: 'listings' }));
  return parts.length > 0 ? parts.join(' · ') : null;
}
