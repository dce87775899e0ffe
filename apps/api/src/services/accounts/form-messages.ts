import { type FieldErrors, AUTH_MESSAGES as M } from '@baan/contract';
import type { z } from 'zod';
import { parse } from '../../lib/validate.ts';

const REQUIRED = new Set<string>([
  M.nameRequired,
  M.emailRequired,
  M.passwordRequired,
  M.confirmRequired,
  M.currentPasswordRequired,
]);

const hasRequired = (errors: FieldErrors, fields?: string[]) =>
  Object.entries(errors).some(
    ([field, list]) => (!fields || fields.includes(field)) && list.some((m) => REQUIRED.has(m)),
  );
const hasMismatch = (errors: FieldErrors) => Object.values(errors).some((list) => list.includes(M.passwordsDontMatch));

/** How each form sums up its field errors in the envelope's message (spec 5 and 8 wording). */
export const SUMMARIES = {
  login: () => M.fillLogin,
  register: (e: FieldErrors) =>
    hasRequired(e)
      ? M.fillAllFields
      : hasMismatch(e)
        ? M.passwordsDontMatch
        : Object.keys(e).length === 1 && e.accept_terms
          ? M.termsRequired
          : M.invalidForm,
  verifyOtp: (e: FieldErrors) => (e.otp ? M.fullOtpRequired : M.invalidForm),
  resendOtp: () => M.invalidForm,
  newPassword: (e: FieldErrors) =>
    e.verification_token
      ? M.missingToken
      : hasRequired(e, ['password', 'password_confirmation'])
        ? M.fillBothPasswords
        : hasMismatch(e)
          ? M.passwordsDontMatch
          : M.invalidForm,
  /** The profile form: the first field's own message (name, then the contact details). */
  name: (e: FieldErrors) => e.name?.[0] ?? e.phone_number?.[0] ?? e.line_id?.[0] ?? M.invalidForm,
  password: (e: FieldErrors) =>
    hasRequired(e) ? M.allPasswordFieldsRequired : hasMismatch(e) ? M.passwordsDontMatch : M.invalidForm,
} satisfies Record<string, (errors: FieldErrors) => string>;

/** Parses with a contract schema; on failure a 400 whose message sums the field errors up. */
export function parseForm<T extends z.ZodType>(
  schema: T,
  input: unknown,
  summary: (e: FieldErrors) => string,
): z.infer<T> {
  return parse(schema, input, summary);
}
