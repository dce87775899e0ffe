import { AUTH_ERROR_CODES, CONTACT_LIMITS, CONTACT_MESSAGES, VIEWING_LIMITS, VIEWING_MESSAGES } from '@baan/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';

/** The visitor's details are checked with the contact rules (ViewingRequest picks them from InquiryRequest). */
const CONTACT_KEYS = [
  'nameRequired',
  'nameTooLong',
  'emailRequired',
  'emailInvalid',
  'emailTooLong',
  'phoneInvalid',
  'invisibleCharacters',
] as const;

/** Every English message the contract (and so the API) sends about viewings, keyed back to viewings:errors.<key>. */
const KEY_OF = new Map<string, string>([
  ...Object.entries(VIEWING_MESSAGES).map(([key, text]): [string, string] => [text, key]),
  ...CONTACT_KEYS.map((key): [string, string] => [CONTACT_MESSAGES[key], key]),
]);
const VALUES = {
  max: VIEWING_LIMITS.slots,
  days: VIEWING_LIMITS.days,
  perListing: VIEWING_LIMITS.pendingPerListing,
  total: VIEWING_LIMITS.pendingTotal,
} as const;

/** A contract or API message in the reader's language; undefined for one we do not know (never shown in English). */
export function viewingMessage(t: TFunction<'viewings'>, message: string | undefined): string | undefined {
  const key = message ? KEY_OF.get(message) : undefined;
  if (!key) return undefined;
  const max = key === 'nameTooLong' ? CONTACT_LIMITS.name : VALUES.max;
  return t(`errors.${key}` as 'errors.failed', { ...VALUES, max });
}

export type ViewingFailure = {
  /** Field errors of a 400/409 (`errors.<field>`), translated; unknown ones are left out. */
  fields: Record<string, string>;
  /** What to say above the button: the server's message when known, else the fallback for the status. */
  message: string;
};

/**
 * What a failed viewing call means for the person: a network failure or a 5xx is "something went wrong", a 429 "too
 * many requests", a known message of the contract in the person's language, anything else `fallback`.
 */
export function describeViewingFailure(t: TFunction<'viewings'>, error: unknown, fallback: string): ViewingFailure {
  if (!isApiError(error) || typeof error.status !== 'number' || error.status >= 500) {
    return { fields: {}, message: t('errors.network') };
  }
  if (error.code === AUTH_ERROR_CODES.challengeRequired || error.code === AUTH_ERROR_CODES.challengeInvalid) {
    return { fields: {}, message: t('errors.network') };
  }
  if (error.status === 429) return { fields: {}, message: t('errors.tooMany') };
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    const text = viewingMessage(t, messages?.[0]);
    if (text) fields[field] = text;
  }
  return { fields, message: viewingMessage(t, error.message) ?? fallback };
}
