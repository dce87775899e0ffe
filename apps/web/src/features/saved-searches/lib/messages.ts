import { BUYER_MESSAGES, MAX_SAVED_SEARCHES } from '@baan/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';

/** The API's messages about saved searches (contract buyers.ts) and their keys under saved:errors. */
const KEY_OF = new Map<string, string>([
  ['Give the search a name.', 'nameRequired'],
  ['The name is too long (at most 80 characters).', 'nameTooLong'],
  ['The search is too long (at most 2,000 characters).', 'queryTooLong'],
  ['frequency must be instant, daily or weekly.', 'badFrequency'],
  ['query must be a /api/properties query string.', 'badQuery'],
  [BUYER_MESSAGES.tooManySavedSearches, 'tooMany'],
  [BUYER_MESSAGES.savedSearchNotFound, 'notFound'],
]);

/**
 * A failed saved-search call in the reader's language: a known message by its key; any other 400 is about one of the
 * search's filters (PropertyListQuery's own messages); anything else is the fallback.
 */
export function savedSearchError(error: unknown, t: TFunction, fallbackKey: string): string {
  if (!isApiError(error) || typeof error.status !== 'number') return t(fallbackKey);
  const messages = [error.message, ...Object.values(error.errors ?? {}).flat()];
  for (const message of messages) {
    const key = message ? KEY_OF.get(message) : undefined;
    if (key) return t(`errors.${key}`, { max: MAX_SAVED_SEARCHES });
  }
  if (error.status === 400) return t('errors.badQuery');
  return t(fallbackKey);
}
