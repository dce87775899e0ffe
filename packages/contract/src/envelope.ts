import { z } from 'zod';

/** Field name → messages, as the spec's error payloads have it. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: FieldErrors.optional(),
  /** A stable, machine-readable name of the case (e.g. `email_not_verified`), when a client may act on it. */
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Every successful /api answer: `{ success: true, message?, payload }`. */
export function successEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    payload,
  });
}

export type SuccessEnvelope<T> = { success: true; message?: string; payload: T };

/** An answer whose message is all it has to say (`payload: null`): a code sent, a password set, logged out. */
export const EmptyResponse = successEnvelope(z.null());

/** What a DELETE answers: the id of the record that is gone. */
export const DeletedRecord = z.object({ id: z.number().int() });
export type DeletedRecord = z.infer<typeof DeletedRecord>;
export const DeletedResponse = successEnvelope(DeletedRecord);
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/**
 * Turns zod issues into the wire's `errors` map. Nested paths are joined with dots
 * (`rooms.0.type`); issues on the whole object land under `_`.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = errors[key] ?? [];
    list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}
