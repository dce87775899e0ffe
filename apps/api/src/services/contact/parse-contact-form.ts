import type { z } from 'zod';
import { parse } from '../../lib/validate.ts';

/**
 * Parses a visitor's form with its contract schema. On failure the envelope's message is the
 * first field's own message (the forms show it as the toast), and `errors` lists every field.
 */
export function parseContactForm<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  return parse(schema, input, (errors) => Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.');
}
