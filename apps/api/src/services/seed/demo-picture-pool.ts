import sharp from 'sharp';
import type { Storage } from '../../storage/storage.ts';
import { DEMO_IMAGE_FOLDER } from '../images/demo-keys.ts';
import { processImage, type StoredImage } from '../images/process-image.ts';
import { drawScene, SCENE_KINDS, type SceneKind } from './demo-pictures.ts';

/** Demo pictures are 1024 px wide at most: enough for the detail carousel, quick to make. */
const DEMO_WIDTHS = [320, 640, 1024] as const;

export type PicturePool = Map<string, StoredImage>;
export const poolKey = (kind: SceneKind, variant: number) => `${kind}:${variant}`;

/**
 * Draws every scene variant once and stores it through the image pipeline (WebP at several
 * widths), a few at a time so two cores stay busy without piling up memory.
 */
export async function renderPicturePool(storage: Storage, variants: number): Promise<PicturePool> {
  const jobs = SCENE_KINDS.flatMap((kind) => Array.from({ length: variants }, (_, variant) => ({ kind, variant })));
  const pool: PicturePool = new Map();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      // An uncompressed PNG: quick to write here and for the pipeline to decode.
      const png = await sharp(Buffer.from(drawScene(job.kind, job.variant)))
        .png({ compressionLevel: 0 })
        .toBuffer();
      pool.set(poolKey(job.kind, job.variant), await processImage(storage, png, DEMO_IMAGE_FOLDER, DEMO_WIDTHS));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return pool;
}
