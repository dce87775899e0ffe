import { AUTH_MESSAGES as M, MAX_PHOTO_BYTES, UpdateNameRequest } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { ImageProcessingError, imageFileKeys, processImage } from '../images/process-image.ts';
import { photoRejection } from '../uploads/photo-rejection.ts';
import { receiveMultipart } from '../uploads/receive-multipart.ts';
import { parseForm, SUMMARIES } from './form-messages.ts';
import type { UserRow } from './to-public-user.ts';

/** Profile pictures are shown small: one 256 px WebP (smaller originals keep their size). */
const AVATAR_WIDTHS = [256];
/** Where profile pictures are stored; `users.profile_image` holds the file's key. */
export const AVATAR_FOLDER = 'avatars';

/**
 * Multipart {name?, profile_image?}, streamed to disk like every upload: the image must be JPEG,
 * PNG or GIF by its bytes (415 otherwise), at most 50 MB (413) and 50 megapixels (422). It is
 * stored as WebP without metadata; the old one is removed.
 */
export async function setProfileImage(app: FastifyInstance, request: FastifyRequest, user: UserRow): Promise<UserRow> {
  const received = await receiveMultipart(request, {
    tmpDir: app.uploadTmpDir,
    budget: app.uploadBudget,
    account: user.id,
    maxFileBytes: MAX_PHOTO_BYTES,
    maxFiles: 1,
    maxFields: 10,
    allowed: ['jpeg', 'png', 'gif'],
    allowedLabel: 'JPEG, PNG or GIF',
    fileFields: ['profile_image'],
    messages: { wrongType: () => M.imageType, tooLarge: () => M.imageTooLarge },
    // A bad name sent before the photo is answered before the photo is read.
    beforeFile: async (fields) => {
      parseName(fields);
    },
  });
  let newKey: string | undefined;
  let name: string | undefined;
  try {
    name = parseName(received.fields);
    const image = received.files[0];
    if (name === undefined && !image) throw badRequest(M.nameRequired, { name: [M.nameRequired] });
    if (image) {
      try {
        newKey = imageFileKeys(await processImage(app.storage, image.path, AVATAR_FOLDER, AVATAR_WIDTHS))[0];
      } catch (err) {
        if (err instanceof ImageProcessingError)
          throw badRequest(M.imageUnreadable, { profile_image: [M.imageUnreadable] });
        throw photoRejection(err, image) ?? err;
      }
    }
  } finally {
    // Before answering, so no temporary file outlives the request.
    await received.cleanup();
  }
  const now = app.clock.now();
  const [row] = await app.db
    .update(users)
    .set({ ...(name !== undefined ? { name } : {}), ...(newKey ? { profileImage: newKey } : {}), updatedAt: now })
    .where(eq(users.id, user.id))
    .returning()
    .catch(async (err: unknown) => {
      if (newKey) await app.storage.delete([newKey]).catch(() => undefined);
      throw err;
    });
  if (!row) throw new Error('user vanished during update');
  if (newKey && user.profileImage && user.profileImage !== newKey) await app.storage.delete([user.profileImage]);
  return row;
}

function parseName(fields: Record<string, string>): string | undefined {
  if (fields.name === undefined) return undefined;
  return parseForm(UpdateNameRequest, { name: fields.name }, SUMMARIES.name).name;
}
