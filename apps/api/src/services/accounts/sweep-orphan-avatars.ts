import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { sweepOrphanFiles } from '../uploads/sweep-orphan-files.ts';
import { AVATAR_FOLDER } from './set-profile-image.ts';

/**
 * Removes profile pictures no user refers to (`users.profile_image` holds the file's key): left by a crash between
 * storing the picture and saving the profile, or by a failed delete of the one it replaced. Returns how many went.
 */
export function sweepOrphanAvatars(db: Db, storage: Storage, now: Date): Promise<number> {
  return sweepOrphanFiles(
    storage,
    {
      prefix: `${AVATAR_FOLDER}/`,
      referenceOf: (key) => key,
      referenced: async (keys) =>
        (await db.select({ key: users.profileImage }).from(users).where(inArray(users.profileImage, keys))).flatMap(
          (row) => (row.key ? [row.key] : []),
        ),
    },
    now,
  );
}
