import type { Storage } from '../../storage/storage.ts';

/** Files younger than this may belong to an upload another process is finishing right now. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Keys looked up in the database per query. */
const BATCH = 500;

export type OrphanSweep = {
  /** The storage folder swept, with its trailing slash (`avatars/`). */
  prefix: string;
  /** What a database row refers to for a stored file: the file's key itself, or a prefix several files share. */
  referenceOf: (fileKey: string) => string;
  /** Which of these references some row still holds (called with at most 500 at a time). */
  referenced: (references: string[]) => Promise<Iterable<string>>;
};

/**
 * Removes the files under `sweep.prefix` older than the grace period that no row refers to (left by a crash between
 * storing the files and committing the row, or by a failed delete). Returns how many files went.
 */
export async function sweepOrphanFiles(storage: Storage, sweep: OrphanSweep, now: Date): Promise<number> {
  const candidates = new Map<string, string[]>();
  for await (const item of storage.list(sweep.prefix)) {
    if (now.getTime() - item.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    const reference = sweep.referenceOf(item.key);
    candidates.set(reference, [...(candidates.get(reference) ?? []), item.key]);
  }
  if (candidates.size === 0) return 0;
  const kept = new Set<string>();
  const references = [...candidates.keys()];
  for (let i = 0; i < references.length; i += BATCH) {
    for (const reference of await sweep.referenced(references.slice(i, i + BATCH))) kept.add(reference);
  }
  const orphans = [...candidates.entries()].filter(([reference]) => !kept.has(reference)).flatMap(([, keys]) => keys);
  await storage.delete(orphans);
  return orphans.length;
}
