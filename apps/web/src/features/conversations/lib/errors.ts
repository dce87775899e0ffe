import { CONVERSATION_MESSAGES } from '@baan/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';

type MessageKey = keyof typeof CONVERSATION_MESSAGES;

/** Every English message the contract (and so the API) can send, keyed back to its key under conversations:errors. */
const KEY_OF = new Map<string, MessageKey>(
  Object.entries(CONVERSATION_MESSAGES).map(([key, text]) => [text, key as MessageKey]),
);
const TOO_MANY = /^Too many attempts\. Please try again in (\d+) minutes?\.$/;

/**
 * What a failed send, block or load says, in the person's language: the API's own message when we know it, else by
 * status (413 a file too large or too many, 415 a file type, 429 wait, 403 blocked, 404 gone); a network failure
 * or a 5xx is a plain "could not send".
 */
export function describeError(t: TFunction<'conversations'>, error: unknown): string {
  if (!isApiError(error) || typeof error.status !== 'number' || error.status >= 500) return t('errors.network');
  const fieldMessage = error.errors ? Object.values(error.errors)[0]?.[0] : undefined;
  for (const message of [error.message, fieldMessage]) {
    const key = message ? KEY_OF.get(message) : undefined;
    if (key) return t(`errors.${key}`);
  }
  switch (error.status) {
    case 413:
      return error.message?.startsWith('Too many files') ? t('errors.tooManyFiles') : t('errors.fileTooLarge');
    case 415:
      return t('errors.fileType');
    case 429: {
      const minutes = TOO_MANY.exec(error.message ?? '')?.[1];
      return minutes ? t('errors.tooMany', { count: Number(minutes) }) : t('errors.tooManyLater');
    }
    case 403:
      return t('errors.blocked');
    case 404:
      return t('errors.notFound');
    default:
      return t('errors.failed');
  }
}
