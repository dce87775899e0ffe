/**
 * Buyers and renters (docs/api.md "Buyers"): favourites, saved searches with alerts, similar listings, compare.
 * Map, stations and the added search filters are in properties.ts beside the search they extend.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { MAX_COMPARE, MAX_FAVORITES, MAX_SAVED_SEARCHES, SAVED_SEARCH_FREQUENCIES } from './listing-values.ts';
import { Property, PropertyListQuery } from './properties.ts';

export const SavedSearchFrequency = z.enum(SAVED_SEARCH_FREQUENCIES);
export type SavedSearchFrequency = z.infer<typeof SavedSearchFrequency>;

/** Keys of a saved query that do not narrow the matches: dropped before it is stored. */
export const UNSAVED_QUERY_KEYS = ['page', 'per_page', 'sort', 'lang'] as const;

/**
 * A saved search's query as stored and mailed: a /api/properties query string whose filters are valid
 * (PropertyListQuery), with paging and sort dropped and the keys in a stable order.
 */
export function normalizeSavedQuery(query: string): { ok: true; query: string } | { ok: false; message: string } {
  const values: Record<string, string> = {};
  for (const pair of (query.startsWith('?') ? query.slice(1) : query).split('&')) {
    if (pair === '') continue;
    const [rawKey = '', ...rest] = pair.split('=');
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rest.join('=').replace(/\+/g, ' '));
    } catch {
      return { ok: false, message: 'query must be a /api/properties query string.' };
    }
    if (value !== '') values[key] = value;
  }
  const parsed = PropertyListQuery.safeParse(values);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The search is not valid.' };
  const known = new Set(Object.keys(parsed.data));
  const kept = Object.keys(values)
    .filter((key) => known.has(key) && !(UNSAVED_QUERY_KEYS as readonly string[]).includes(key))
    .sort();
  return {
    ok: true,
    query: kept.map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(values[key] ?? '')}`).join('&'),
  };
}

export const CreateSavedSearchRequest = z.object({
  name: z
    .string({ error: 'Give the search a name.' })
    .trim()
    .min(1, 'Give the search a name.')
    .max(80, 'The name is too long (at most 80 characters).'),
  query: z
    .string({ error: 'query must be a /api/properties query string.' })
    .max(2000, 'The search is too long (at most 2,000 characters).'),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES, { error: 'frequency must be instant, daily or weekly.' }),
  /** Also mail a matching listing's price cut (once per cut); false when absent. */
  notify_price_drops: z.boolean({ error: 'notify_price_drops must be true or false.' }).optional(),
});
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequest>;

export const SavedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  frequency: SavedSearchFrequency,
  notify_price_drops: z.boolean(),
  created_at: z.string(),
  last_sent_at: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchResponse = successEnvelope(SavedSearch);
export const SavedSearchListResponse = successEnvelope(z.array(SavedSearch));

export const SavedSearchIdParams = z.object({
  id: z.coerce
    .number({ error: 'The saved search id must be a positive whole number.' })
    .int('The saved search id must be a positive whole number.')
    .min(1, 'The saved search id must be a positive whole number.')
    .max(2_147_483_647, 'The saved search id must be a positive whole number.'),
});

/** GET (or POST, for List-Unsubscribe-Post) /api/saved-searches/unsubscribe?token=: the alert mail's signed token. */
export const SavedSearchUnsubscribeQuery = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{10,100}$/, 'This unsubscribe link is not valid.'),
});
/** What an unsubscribe did: `ended` now, or `already` ended before (a second click). */
export const SavedSearchUnsubscribed = z.object({ name: z.string().nullable(), result: z.enum(['ended', 'already']) });
export type SavedSearchUnsubscribed = z.infer<typeof SavedSearchUnsubscribed>;
export const SavedSearchUnsubscribedResponse = successEnvelope(SavedSearchUnsubscribed);

export const FavoriteParams = z.object({
  property_id: z.coerce
    .number({ error: 'The listing id must be a positive whole number.' })
    .int('The listing id must be a positive whole number.')
    .min(1, 'The listing id must be a positive whole number.')
    .max(2_147_483_647, 'The listing id must be a positive whole number.'),
});
export const FavoriteListResponse = successEnvelope(z.array(Property));

/**
 * Up to 8 active listings like one (GET /api/property/{id}/similar), also for a listing no longer available (its
 * "no longer available" page offers them).
 */
export const MAX_SIMILAR = 8;
export const SimilarListResponse = successEnvelope(z.array(Property));

/**
 * The `code` of GET /api/property/{id}'s 404 for a listing that was public and is no longer (paused, hidden, its
 * owner disabled), so a client can say so and offer similar listings; a listing that never was gets no code.
 */
export const LISTING_UNAVAILABLE_CODE = 'listing_unavailable';

const COMPARE_IDS_MESSAGE = `ids must be listing ids separated by commas (at most ${MAX_COMPARE}).`;
/** GET /api/properties/compare?ids=1,2,3: up to MAX_COMPARE listings a visitor may see, in the order asked. */
export const CompareQuery = z.object({
  ids: z.preprocess(
    (v) =>
      v === ''
        ? undefined
        : typeof v === 'string' && /^\d{1,10}(,\d{1,10})*$/.test(v)
          ? [...new Set(v.split(',').map(Number))]
          : v,
    z
      .array(z.number().int().min(1, COMPARE_IDS_MESSAGE).max(2_147_483_647, COMPARE_IDS_MESSAGE), {
        error: COMPARE_IDS_MESSAGE,
      })
      .min(1, 'Choose at least one listing to compare.')
      .max(MAX_COMPARE, `Compare at most ${MAX_COMPARE} listings at once.`),
  ),
});
export const CompareListResponse = successEnvelope(z.array(Property));

/** The API's own messages of this part (the web app translates what it shows). */
export const BUYER_MESSAGES = {
  favoriteNotFound: 'This listing does not exist or is no longer available.',
  tooManyFavorites: `You can keep at most ${MAX_FAVORITES} favourites. Remove one to add another.`,
  savedSearchNotFound: 'This saved search does not exist.',
  tooManySavedSearches: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
  badUnsubscribeToken: 'This unsubscribe link is not valid.',
  stationNotFound: 'There is no station with this id. Choose one from /api/stations.',
} as const;
