import { DEFAULT_WITHIN_M, type Station } from '@baan/contract';
import { eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import type { Place } from '../locations/place-ids.ts';
import type { QueryReading } from '../search/read-query.ts';
import { nearStation } from './geo-search.ts';
import { mentionConditions, namesPlaceElsewhere, storedInPlace } from './place-mentions.ts';
import { listingProjectNamed } from './project-names.ts';
import { containsPattern, searchText } from './search-text.ts';

/**
 * The SQL of a query's reading (services/search/read-query.ts, ADR 027): what `q` was read as, as conditions next to
 * the search's explicit filters, and how well a listing matches it (relevance).
 */

/**
 * Stored under the place, or naming it in its text in any of the place's names (so any script finds the same): the
 * names' matches that are not stored under the place are the listing's `named_places` (place-mentions.ts, ADR 044), so
 * both halves are an index lookup. A province is its stored listings only: every listing whose location names a place
 * in it is stored there, and a text that names a province elsewhere ("two hours from Bangkok") is rarely in it; the
 * column's index answers even "Bangkok" (70,000 of 100,000 listings) at once, where the names' text search read every
 * match (1.4 s).
 */
export function inPlace(place: Place): SQL {
  if (place.kind === 'province') return storedInPlace(place);
  return or(storedInPlace(place), namesPlaceElsewhere([place])) as SQL;
}

/** Within the default walk of the station (as the `station` filter), or naming it in the text. */
function atStation(station: Station): SQL {
  return or(nearStation(station, DEFAULT_WITHIN_M), ...mentionConditions([station.name_en, station.name_th])) as SQL;
}

/**
 * A tier of a place search's relevance (placeTiers, ADR 043): `stored`, the listings stored under one of the places;
 * `named`, the others that name one of them. Each its own condition, so the planner reads that tier's index alone.
 */
export type PlaceTier = 'stored' | 'named';

function placeCondition(places: readonly Place[], tier: PlaceTier | undefined): SQL {
  if (tier === 'stored') return or(...places.map(storedInPlace)) as SQL;
  if (tier === 'named') {
    // A province is matched by its stored listings only: all of them are in the stored tier. A listing that names one
    // place and is stored under another of the search's places is in the stored tier.
    const named = places.filter((p) => p.kind !== 'province');
    const stored = or(...places.map(storedInPlace)) as SQL;
    return named.length > 0 ? sql`(${namesPlaceElsewhere(named)} and (${stored}) is not true)` : sql`false`;
  }
  return or(...places.map(inPlace)) as SQL;
}

/** The reading's conditions, every one of which a listing meets (places, stations and sub types: any of each). */
export function readingConditions(reading: QueryReading, tier?: PlaceTier): SQL[] {
  const out: SQL[] = [];
  if (reading.places.length > 0) out.push(placeCondition(reading.places, tier));
  if (reading.stations.length > 0) out.push(or(...reading.stations.map(atStation)) as SQL);
  if (reading.subTypes.length > 0) out.push(inArray(properties.propertySubType, reading.subTypes));
  if (reading.type) out.push(eq(properties.type, reading.type));
  if (reading.bedrooms !== null) out.push(gte(properties.bedRooms, reading.bedrooms));
  if (reading.minPrice !== null) out.push(gte(properties.price, reading.minPrice));
  if (reading.maxPrice !== null) out.push(lte(properties.price, reading.maxPrice));
  // A word matches the listing's text or its project's names and aliases in any script (ADR 028).
  for (const word of reading.words) {
    out.push(or(sql`${searchText} like lower(${containsPattern(word)})`, listingProjectNamed(word)) as SQL);
  }
  return out;
}

/**
 * How well a listing matches the reading, for `sort=relevance` (the default with a `q`): 2 for a listing stored
 * under a named place (1 when it only mentions it), plus 1 for each word in the title (the rest are in the location
 * or description). Null when the reading has neither places (other than provinces) nor words: every match is as
 * good, and the default order (premium, newest, on its index) is the relevance order.
 */
export function relevanceScore(reading: QueryReading): SQL | null {
  const parts: SQL[] = [];
  const stored = storedInNamedPlace(reading);
  if (stored) parts.push(sql`(case when ${stored} then 2 else 1 end)`);
  for (const word of reading.words) {
    parts.push(sql`(case when lower(${properties.title}) like lower(${containsPattern(word)}) then 1 else 0 end)`);
  }
  if (parts.length === 0) return null;
  return sql.join(parts, sql` + `);
}

/**
 * The listing is stored under one of the reading's places, when that part of relevance tells matches apart: some
 * place is not a province (provinces match by the stored province only, so every such match scores the same); else
 * null.
 */
export function storedInNamedPlace(reading: QueryReading): SQL | null {
  if (!reading.places.some((p) => p.kind !== 'province')) return null;
  return or(...reading.places.map(storedInPlace)) as SQL;
}

/**
 * The relevance of a reading with places and no words has two tiers: stored under a place (2) before only naming it
 * (1), each in the default order. Then a page is read tier by tier on the indexes, instead of scoring and sorting
 * every match (list-properties.ts, ADR 043). The stored tier's condition, or null when relevance is not just that.
 */
export function placeTiers(reading: QueryReading): SQL | null {
  return reading.words.length === 0 ? storedInNamedPlace(reading) : null;
}
