import { PRIVACY_MESSAGES } from '@baan/contract';
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api';

const KEY_OF = new Map<string, string>(Object.entries(PRIVACY_MESSAGES).map(([key, text]) => [text, key]));

/**
 * The privacy API's English messages in the person's language (`privacy:messages.<key>`); a message it does not know
 * (a limit's, a server failure) becomes the general "did not work".
 */
export function usePrivacyMessage() {
  const { t } = useTranslation('privacy');
  /** What to say about a failed call. */
  const failure = useCallback(
    (error: unknown): string => {
      const key = isApiError(error) && error.message ? KEY_OF.get(error.message) : undefined;
      return key ? t(`messages.${key}`) : t('messages.failed');
    },
    [t],
  );
  /** The field error a 400 names for `field`, translated, if any. */
  const fieldError = useCallback(
    (error: unknown, field: string): string | undefined => {
      const message = isApiError(error) ? error.errors?.[field]?.[0] : undefined;
      if (!message) return undefined;
      const key = KEY_OF.get(message);
      return key ? t(`messages.${key}`) : t('messages.failed');
    },
    [t],
  );
  return { failure, fieldError };
}
