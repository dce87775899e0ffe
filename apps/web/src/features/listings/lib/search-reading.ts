import { LISTING_TYPES, PROPERTY_SUB_TYPES, readListParam, type Understood, type UnderstoodKind } from '@baan/contract';

/**
 * The search parameter a reading of `q` can stand for on its own (docs/api.md, "Search that understands what people
 * type"). A place, a project and the words left for title and description have none: they only exist as text.
 */
const PARAM_OF: Partial<Record<UnderstoodKind, string>> = {
  type: 'type',
  sub_type: 'sub_type',
  bedrooms: 'bedrooms',
  min_price: 'min_price',
  max_price: 'max_price',
  station: 'station',
};

/** Whether a reading's value is a value its parameter takes (the server's, so nothing else should come). */
function fitsParam(reading: Understood): boolean {
  switch (reading.kind) {
    case 'type':
      return (LISTING_TYPES as readonly string[]).includes(reading.value);
    case 'sub_type':
      return (PROPERTY_SUB_TYPES as readonly string[]).includes(reading.value);
    case 'bedrooms':
    case 'min_price':
    case 'max_price':
      return /^\d{1,10}$/.test(reading.value);
    case 'station':
      // The schema's rule (a blank is no station, and passes).
      return !reading.value || readListParam.station(reading.value) !== undefined;
    default:
      return false;
  }
}

/**
 * Whether the address already sets what a reading says, under its own parameter and with the same value ("condo" in
 * the text of a Condo tab): the page shows that once, as the address's chip.
 */
export function isAlsoInAddress(
  reading: Understood,
  search: URLSearchParams,
  paramName: (name: string) => string = (name) => name,
): boolean {
  const param = PARAM_OF[reading.kind];
  return param !== undefined && search.get(paramName(param)) === reading.value;
}

/**
 * The page's address without one reading of its `q` (a chip's "Remove"). The server reads `q` afresh on every
 * search and says nothing of which words made which reading, so the address is rebuilt from the readings instead of
 * cutting words out of the text:
 * - the removed reading is dropped;
 * - every other reading that has a parameter of its own (rent or sale, sub type, bedrooms, a price bound, a station)
 *   becomes that parameter, unless the address already sets it (the explicit choice stays, with its own chip);
 * - the others go back into `q`, in the server's order: a place or project by its label (its name, which the server
 *   reads as the same place again), the text by its words; no words left means no `q`;
 * - `exact` stays (the person asked for the text as typed), the page goes back to the first.
 * `paramName` maps an API parameter to the page's own name for it (Buy or rent's `tab` is the sub type).
 */
export function withoutReading(
  search: URLSearchParams,
  understood: readonly Understood[],
  removed: number,
  paramName: (name: string) => string = (name) => name,
): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('q');
  next.delete('page');
  const words: string[] = [];
  understood.forEach((reading, index) => {
    if (index === removed) return;
    const param = PARAM_OF[reading.kind];
    if (param && fitsParam(reading)) {
      const name = paramName(param);
      if (!next.get(name)) next.set(name, reading.value);
      return;
    }
    const text = (reading.kind === 'text' ? reading.value : reading.label).trim();
    if (text) words.push(text);
  });
  if (words.length > 0) next.set('q', words.join(' '));
  else next.delete('exact');
  return next;
}

/** The page's address without some parameters (an explicit filter's chip): back to the first page. */
export function withoutParams(search: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of [...names, 'page']) next.delete(name);
  if (!next.get('q')) next.delete('exact');
  return next;
}

/** The address that searches for the text exactly as it was typed ("Search instead for …"). */
export function exactSearch(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('page');
  next.set('exact', '1');
  return next;
}

/** `?a=1` for a link or navigation, `?` for none (so a link to "no filters" still leads to this page). */
export const searchHref = (search: URLSearchParams): string => `?${search.toString()}`;
