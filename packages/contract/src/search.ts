import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { LANGUAGES } from './languages.ts';

/**
 * Search that understands what people type (docs/api.md, "Search that understands what people type"). A `q` on
 * GET /api/properties (and the map, saved searches and alerts) is read into filters; every search answer says how.
 */
export const UNDERSTOOD_KINDS = [
  'place',
  'station',
  'project',
  'sub_type',
  'bedrooms',
  'min_price',
  'max_price',
  'type',
  'text',
] as const;
export type UnderstoodKind = (typeof UNDERSTOOD_KINDS)[number];

/**
 * One thing the query was read as. `value` is what the filter holds (a place id such as `district:watthana`, a
 * station id, a sub type, a number as text, `rent`/`sale`, or the words left for title and description); `label`
 * is how the page shows it as a removable chip, in the request's language.
 */
export const Understood = z.object({
  kind: z.enum(UNDERSTOOD_KINDS),
  value: z.string(),
  label: z.string(),
});
export type Understood = z.infer<typeof Understood>;

/** What every search answer's payload gains: the reading of `q`, and the spelling used instead of it (or null). */
export const SearchReading = z.object({
  understood: z.array(Understood),
  corrected: z.string().nullable(),
});
export type SearchReading = z.infer<typeof SearchReading>;

export const SUGGESTION_KINDS = ['place', 'station', 'project', 'listing'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const SUGGEST_DEFAULT_LIMIT = 8;
export const SUGGEST_MAX_LIMIT = 15;
/** Longer input is refused before any matching (a 400, like every other search field). */
export const SUGGEST_MAX_LENGTH = 100;

/** GET /api/search/suggest query. */
export const SuggestQuery = z.object({
  q: z
    .string({ error: 'Search text must be text.' })
    .trim()
    .min(1, 'Search text is required.')
    .max(SUGGEST_MAX_LENGTH, `Search text is too long (at most ${SUGGEST_MAX_LENGTH} characters).`),
  lang: z.enum(LANGUAGES, { error: `lang must be one of: ${LANGUAGES.join(', ')}.` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(SUGGEST_MAX_LIMIT, `limit must be at most ${SUGGEST_MAX_LIMIT}.`)
    .optional(),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

/** One suggestion: a place, station or project runs `query` on /api/properties; a project or listing opens `url`. */
export const Suggestion = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  label: z.string(),
  /** Province, line or price: what tells two suggestions with one name apart. */
  secondary: z.string().nullable(),
  /** The /api/properties query string to run (no leading `?`), or null. */
  query: z.string().nullable(),
  /** The page to open (a project or listing, without the language prefix), or null. */
  url: z.string().nullable(),
});
export type Suggestion = z.infer<typeof Suggestion>;
export const SuggestionListResponse = successEnvelope(z.array(Suggestion));
