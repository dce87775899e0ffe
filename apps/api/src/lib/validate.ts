import { type FieldErrors, toFieldErrors } from '@baan/contract';
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { assertStorableText } from './unstorable-text.ts';

/**
 * Parses input with a contract schema; a failure becomes a 400 with messages per field, summed up
 * by `message` (a fixed text, or one made from the field errors). Multipart fields reach the
 * routes only through here, so this is also where their text is checked for what PostgreSQL
 * cannot store (JSON bodies, queries and path parameters are checked on arrival as well).
 */
export function parse<T extends z.ZodType>(
  schema: T,
  input: unknown,
  message: string | ((errors: FieldErrors) => string) = 'Please correct the highlighted fields.',
): z.infer<T> {
  assertStorableText(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error.issues);
  throw badRequest(typeof message === 'string' ? message : message(errors), errors);
}
