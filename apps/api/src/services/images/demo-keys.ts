/**
 * Storage folder of the demo photos. Many demo listings share one picture, so the files under `demo/` belong to no
 * single listing: deleting a listing, an account or an edit's replaced photos must never delete them.
 */
export const DEMO_IMAGE_FOLDER = 'demo';

/** True for a shared demo picture's storage key; deletions skip these files. */
export function isSharedDemoKey(key: string): boolean {
  return key.startsWith(`${DEMO_IMAGE_FOLDER}/`);
}

/**
 * Photos an import fetched are stored by content (`listings/imported-<sha256>`, ADR 038): one file may be the photo of
 * several listings, so deleting one listing, an edit or an account never deletes it; the orphan sweep removes it once
 * no listing refers to it.
 */
export const IMPORTED_PHOTO_PREFIX = 'listings/imported-';

/** True for a photo key whose files other listings may share (a demo picture or an imported photo). */
export function isSharedPhotoKey(key: string): boolean {
  return isSharedDemoKey(key) || key.startsWith(IMPORTED_PHOTO_PREFIX);
}
