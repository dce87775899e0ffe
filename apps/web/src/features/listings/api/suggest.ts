import {
  type Language,
  SUGGEST_DEFAULT_LIMIT,
  SUGGEST_MAX_LENGTH,
  type Suggestion,
  SuggestionListResponse,
} from '@baan/contract';

/** Suggestions for what is typed so far, in the page's language. Injected, so tests and hosts can swap it. */
export type SuggestionFetcher = (
  q: string,
  options: { language: Language; signal: AbortSignal },
) => Promise<Suggestion[]>;

/**
 * GET /api/search/suggest with plain fetch (like the station and place pickers: the box works without the app's
 * store, on server-rendered pages). Text longer than the API takes is not sent: it would only be refused.
 */
export const fetchSuggestions: SuggestionFetcher = async (q, { language, signal }) => {
  if (q.length > SUGGEST_MAX_LENGTH) return [];
  const params = new URLSearchParams({ q, lang: language, limit: String(SUGGEST_DEFAULT_LIMIT) });
  const response = await fetch(`/api/search/suggest?${params}`, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Suggestions failed with HTTP ${response.status}`);
  return SuggestionListResponse.parse(await response.json()).payload;
};
