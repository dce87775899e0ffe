import { sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';

/**
 * The text a search matches, lower-cased. It must stay exactly the expression of the trigram
 * index `properties_search_trgm_idx` in db/schema.ts, or PostgreSQL cannot use the index.
 */
export const searchText = sql`lower(${properties.title} || ' ' || ${properties.location} || ' ' || ${properties.description})`;

/**
 * Where the listing says it is, lower-cased: its title and location (`properties_place_text_trgm_idx`). A place or
 * station named in the query is looked for here, not in the description: "ten minutes to Sukhumvit" in a Bang Na
 * listing's description does not put it in Sukhumvit, and rechecking whole descriptions was most of a place search's
 * time (docs/benchmarks.md, issue 23).
 */
export const placeText = sql`lower(${properties.title} || ' ' || ${properties.location})`;

/** Same for the location filter (`properties_location_trgm_idx`). */
export const locationText = sql`lower(${properties.location})`;

/** `%text%` for LIKE, with LIKE's own wildcard characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
