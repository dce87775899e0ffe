import { sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';

/**
 * The text a search matches, lower-cased. It must stay exactly the expression of the trigram
 * index `properties_search_trgm_idx` in db/schema.ts, or PostgreSQL cannot use the index.
 */
export const searchText = sql`lower(${properties.title} || ' ' || ${properties.location} || ' ' || ${properties.description})`;

/**
 * The title and location, lower-cased (`properties_title_location_trgm_idx`): title suggestions find their candidates
 * here, where the whole text's index made them recheck every description holding the prefix (docs/benchmarks.md).
 */
export const titleLocationText = sql`lower(${properties.title} || ' ' || ${properties.location})`;

/**
 * The listing's words: `searchText` split at every character that is not a word character of PostgreSQL's regular
 * expressions (`[^[:alnum:]_]`), a stored generated column with its GIN index (`properties_search_words_idx`,
 * migration 0033, ADR 040). It is not in the Drizzle schema, so listing reads never fetch it.
 */
export const searchWords = sql`"properties"."search_words"`;

/** Same for the location filter (`properties_location_trgm_idx`). */
export const locationText = sql`lower(${properties.location})`;

/** `%text%` for LIKE, with LIKE's own wildcard characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
