import { statfs } from 'node:fs/promises';
import type { DiskCheckState } from '@baan/contract';

const MB = 1024 * 1024;

/**
 * Below this much free space under DATA_DIR the node is not ready: PGlite's next file extension, an upload's
 * temporary file or a photo written to local storage would fail (ENOSPC) within a few requests.
 */
export const DISK_CRITICAL_BYTES = 128 * MB;
/** Below this much free space readiness reports `low` (still ready): time for an operator to look. */
export const DISK_LOW_BYTES = 1024 * MB;

/** The one way the app asks for free space (an object, so a test can replace the answer). */
export const diskSpace = {
  /** Bytes an unprivileged process may still write on the file system holding `dir` (statfs: f_bavail × f_bsize). */
  async available(dir: string): Promise<number> {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  },
};

/** What readiness reports for this much free space. */
export function diskState(availableBytes: number): DiskCheckState {
  if (availableBytes < DISK_CRITICAL_BYTES) return 'fail';
  return availableBytes < DISK_LOW_BYTES ? 'low' : 'ok';
}

/** errno codes of a full disk or an exhausted quota. */
const FULL_ERRNO = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Whether an error (or one it wraps, through `cause`) says the disk is full: PostgreSQL's disk_full (SQLSTATE 53100,
 * "could not extend file …: No space left on device"), which PGlite may also report by its message only, or a file
 * system's ENOSPC / EDQUOT.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || (typeof code === 'string' && FULL_ERRNO.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /could not extend file|no space left on device/i.test(message)) return true;
  }
  return false;
}
