import { toFieldErrors } from '@baan/contract';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';

/**
 * Parses a visitor's form with its contract schema. On failure the envelope's message is the
 * first field's own message (the forms show it as the toast), and `errors` lists every field.
 */
export function parseContactForm<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error.issues);
  const first = Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.';
  throw badRequest(first, errors);
}
