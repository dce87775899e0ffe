import { toFieldErrors } from '@baan/contract';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses input with a contract schema; a failure becomes a 400 with messages per field. */
export function parse<T extends z.ZodType>(
  schema: T,
  input: unknown,
  message = 'Please correct the highlighted fields.',
): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(message, toFieldErrors(result.error.issues));
  return result.data;
}
