import { AUTH_MESSAGES as M, UpdateNameRequest } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { ImageProcessingError, imageFileKeys, processImage } from '../images/process-image.ts';
import { sniffImage } from '../images/sniff-image.ts';
import { parseForm, SUMMARIES } from './form-messages.ts';
import type { UserRow } from './to-public-user.ts';

/** Profile pictures are shown small: one 256 px WebP (smaller originals keep their size). */
const AVATAR_WIDTHS = [256];
const ALLOWED = new Set(['jpeg', 'png', 'gif']);

/**
 * Multipart {name?, profile_image?}: the image must be JPEG, PNG or GIF by its bytes (415
 * otherwise), at most 50 MB (413). It is stored as WebP without metadata; the old one is removed.
 */
export async function setProfileImage(app: FastifyInstance, request: FastifyRequest, user: UserRow): Promise<UserRow> {
  let name: string | undefined;
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'profile_image') {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.imageTooLarge);
        throw err;
      });
      if (bytes.length > 0) image = bytes;
    } else if (part.fieldname === 'name') {
      name = parseForm(UpdateNameRequest, { name: part.value }, SUMMARIES.name).name;
    }
  }
  if (name === undefined && !image) throw badRequest(M.nameRequired, { name: [M.nameRequired] });

  let newKey: string | undefined;
  if (image) {
    const kind = sniffImage(image.subarray(0, 16));
    if (!kind || !ALLOWED.has(kind)) throw new HttpError(415, M.imageType, { profile_image: [M.imageType] });
    try {
      const stored = await processImage(app.storage, image, 'avatars', AVATAR_WIDTHS);
      newKey = imageFileKeys(stored)[0];
    } catch (err) {
      if (err instanceof ImageProcessingError)
        throw badRequest(M.imageUnreadable, { profile_image: [M.imageUnreadable] });
      throw err;
    }
  }
  const now = app.clock.now();
  const [row] = await app.db
    .update(users)
    .set({ ...(name !== undefined ? { name } : {}), ...(newKey ? { profileImage: newKey } : {}), updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new Error('user vanished during update');
  if (newKey && user.profileImage && user.profileImage !== newKey) await app.storage.delete([user.profileImage]);
  return row;
}
