import { AUTH_ERROR_CODES, CONTACT_MESSAGES } from '@baan/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api';

/** Every English message the contract (and so the API) can send, keyed back to its i18n key under contact:errors. */
const KEY_OF = new Map<string, string>(Object.entries(CONTACT_MESSAGES).map(([key, text]) => [text, key]));
const TOO_MANY = /^Too many attempts\. Please try again in (\d+) minutes?\.$/;

/** The person's-language version of a server or schema message; a message we do not know is shown as sent. */
export function translateMessage(t: TFunction<'contact'>, message: string): string {
  const key = KEY_OF.get(message);
  if (key) return t(`errors.${key}` as 'errors.nameRequired');
  const tooMany = TOO_MANY.exec(message);
  if (tooMany) return t('errors.tooMany', { minutes: Number(tooMany[1]) });
  return message;
}

export type FieldErrorMap<F extends string> = Partial<Record<F, string>>;

/** Checks `values` with the contract schema; the first message per field, translated. */
export function validate<F extends string>(
  t: TFunction<'contact'>,
  schema: z.ZodType,
  values: Record<F, string>,
): FieldErrorMap<F> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrorMap<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (field in values && !errors[field]) errors[field] = translateMessage(t, issue.message);
  }
  return errors;
}

export type SendFailure<F extends string> =
  | { kind: 'fields'; errors: FieldErrorMap<F> }
  | { kind: 'message'; message: string };

/**
 * What a failed send means for the person (spec, Contact errors): field errors of a 400 go on the fields; a 429
 * says when to try again; a network failure or a 5xx is 'An error occurred'; any other refusal (including an
 * answer with success false) is 'Failed to send message', or the server's own message when we know it.
 */
export function describeFailure<F extends string>(
  t: TFunction<'contact'>,
  error: unknown,
  fields: readonly F[],
  notFoundKey?: 'errors.listingNotFound',
): SendFailure<F> {
  if (!isApiError(error) || typeof error.status !== 'number' || error.status >= 500) {
    return { kind: 'message', message: t('errors.network') };
  }
  // The connection check (a proof-of-work challenge, ADR 019) that the API client could not pass for this send.
  if (error.code === AUTH_ERROR_CODES.challengeRequired || error.code === AUTH_ERROR_CODES.challengeInvalid) {
    return { kind: 'message', message: t('errors.connectionCheck') };
  }
  if (error.status === 429) {
    return { kind: 'message', message: error.message ? translateMessage(t, error.message) : t('errors.tooManyLater') };
  }
  if (error.status === 400 && error.errors) {
    const errors: FieldErrorMap<F> = {};
    for (const field of fields) {
      const first = error.errors[field]?.[0];
      if (first) errors[field] = translateMessage(t, first);
    }
    if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  }
  if (error.status === 404 && notFoundKey) return { kind: 'message', message: t(notFoundKey) };
  if (error.message && KEY_OF.has(error.message))
    return { kind: 'message', message: translateMessage(t, error.message) };
  return { kind: 'message', message: t('errors.failed') };
}
