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
