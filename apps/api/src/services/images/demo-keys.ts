/**
 * Storage folder of the demo photos. Many demo listings share one picture, so the files under `demo/` belong to no
 * single listing: deleting a listing, an account or an edit's replaced photos must never delete them.
 */
export const DEMO_IMAGE_FOLDER = 'demo';

/** True for a shared demo picture's storage key; deletions skip these files. */
export function isSharedDemoKey(key: string): boolean {
  return key.startsWith(`${DEMO_IMAGE_FOLDER}/`);
}
