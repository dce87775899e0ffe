import { AGENCY_MESSAGES } from '@baan/contract';
import { isApiError } from '../../../lib/api-error';

/** The API's agency messages (contract agencies.ts) by their text, as keys under agencies:messages. */
const KEY_OF = new Map<string, string>(Object.entries(AGENCY_MESSAGES).map(([key, text]) => [text, key]));

/** The translation key (under `agencies:`) for what a call answered: its known message, else `messages.failed`. */
export function agencyMessageKey(errorOrMessage: unknown): string {
  const message =
    typeof errorOrMessage === 'string'
      ? errorOrMessage
      : isApiError(errorOrMessage)
        ? errorOrMessage.message
        : undefined;
  const key = message ? KEY_OF.get(message) : undefined;
  return key ? `messages.${key}` : 'messages.failed';
}

/**
 * The key for what an invitation's call answered: a 429 is one of the invitations' limits (a day's per invited
 * address, an hour's per inviter and per network), else as agencyMessageKey.
 */
export function invitationMessageKey(error: unknown): string {
  return isApiError(error) && error.status === 429 ? 'messages.tooManyInvitations' : agencyMessageKey(error);
}

/** The key for the first field error a 400 names for `field`, or undefined when it names none. */
export function agencyFieldErrorKey(error: unknown, field: string): string | undefined {
  const message = isApiError(error) ? error.errors?.[field]?.[0] : undefined;
  return message ? agencyMessageKey(message) : undefined;
}

/** The invitation token of the mailed link: after `#token=` (a fragment never reaches a server or a Referer). */
export function invitationToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= 100 && /^[A-Za-z0-9_-]{20,}$/.test(token) ? token : null;
}
