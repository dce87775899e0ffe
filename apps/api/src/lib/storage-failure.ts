import { HttpError } from './errors.ts';

export const STORAGE_MESSAGES = {
  full: 'The server has no room left to store this upload. Nothing was saved; please try again later.',
  failed: 'The server could not store this upload. Nothing was saved; please try again later.',
} as const;

/** Disk full or over quota: the request was fine, the server cannot keep it (RFC 4918's 507). */
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Writing an upload failed on the server's side (the upload folder, the local storage or the
 * bucket): 507 when the disk is full, 500 otherwise, with a message that says so. The original
 * error rides along as `cause`, and the errors plugin logs it with the request id.
 */
export function storageFailure(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const full = typeof code === 'string' && FULL.has(code);
  const failure = new HttpError(full ? 507 : 500, full ? STORAGE_MESSAGES.full : STORAGE_MESSAGES.failed);
  failure.cause = err;
  return failure;
}
