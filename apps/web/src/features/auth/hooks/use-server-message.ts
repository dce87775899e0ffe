import { AUTH_MESSAGES, CODE_MAILS_CAPPED, type FieldErrors, PHONE_MESSAGES, TRIES_LIMITED } from '@baan/contract';
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api';

const KEY_OF = new Map<string, string>([
  // The SMS code's messages (ADR 036), under auth:messages.phone; a text both have keeps the account's key (later wins).
  ...Object.entries(PHONE_MESSAGES).map(([key, text]): [string, string] => [text, `phone.${key}`]),
  ...Object.entries(AUTH_MESSAGES).map(([key, text]): [string, string] => [text, key]),
]);
const TOO_MANY = /^Too many attempts\. Please try again in (\d+) minutes?\.$/;

/**
 * Turns the server's English messages into the person's language: every message the account API
 * can send has a key under auth:messages; anything else (a new server message) is shown as sent.
 */
export function useServerMessage() {
  const { t } = useTranslation('auth');
  const translate = useCallback(
    (message: string | undefined, fallbackKey: string): string => {
      if (!message) return t(fallbackKey);
      const key = KEY_OF.get(message);
      if (key) return t(`messages.${key}`);
      const tooMany = TOO_MANY.exec(message);
      if (tooMany) return t('messages.tooMany', { count: Number(tooMany[1]) });
      const limited = TRIES_LIMITED.exec(message);
      if (limited) return t('messages.triesLimited', { count: Number(limited[1]) });
      const capped = CODE_MAILS_CAPPED.exec(message);
      if (capped) {
        const key = capped[2] === 'hour' ? 'messages.codeMailsCappedHours' : 'messages.codeMailsCappedMinutes';
        return t(key, { count: Number(capped[1]) });
      }
      return message;
    },
    [t],
  );

  /** The message to show for a failed call: the server's (translated) or the fallback. */
  const errorMessage = useCallback(
    (error: unknown, fallbackKey: string) =>
      isApiError(error) && typeof error.status === 'number' ? translate(error.message, fallbackKey) : t(fallbackKey),
    [t, translate],
  );

  /** An `errors` map (the wire's, or the contract's `toFieldErrors` of a form checked here), translated, first one per field. */
  const translateFields = useCallback(
    (errors: FieldErrors): Record<string, string> =>
      Object.fromEntries(
        Object.entries(errors).map(([field, list]) => [field, translate(list[0], 'messages.invalidForm')]),
      ),
    [translate],
  );

  /** Per-field messages of a 400, translated, first one per field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> =>
      isApiError(error) && error.errors ? translateFields(error.errors) : {},
    [translateFields],
  );

  return { translate, errorMessage, fieldErrors, translateFields };
}
