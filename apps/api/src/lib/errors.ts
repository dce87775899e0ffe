import type { FieldErrors } from '@baan/contract';

/** An error whose message is safe to show the caller, with an honest HTTP status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  /** The envelope's stable `code`, for a case a client acts on (e.g. AUTH_ERROR_CODES). */
  readonly code: string | undefined;

  constructor(
    statusCode: number,
    message: string,
    errors?: FieldErrors,
    headers?: Record<string, string>,
    code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
    this.code = code;
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors);

/** A PostgreSQL unique violation (23505), also when wrapped as another error's cause. */
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};
