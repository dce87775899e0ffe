import type { FieldErrors } from '@baan/contract';

/** What every endpoint rejects with: the HTTP status (or the failure kind) plus the envelope's message and errors. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message?: string;
  errors?: FieldErrors;
  /** The envelope's stable `code`, for the cases a screen acts on (e.g. `email_not_verified`). */
  code?: string;
}

/** Kept apart from lib/api.ts so code in the entry chunk can read errors without loading RTK Query. */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value;
}
