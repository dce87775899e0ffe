import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ImportIssue } from '../../db/schema.ts';
import { propertyImages } from '../../db/schema.ts';
import type { ImportLimits } from '../../lib/import-limits.ts';
import { FetchRefused, type Resolver, safeFetch } from '../../lib/safe-fetch.ts';
import type { Storage } from '../../storage/storage.ts';
import { IMPORTED_PHOTO_PREFIX } from '../images/demo-keys.ts';
import {
  ImageProcessingError,
  ImageTooLargeError,
  MAX_INPUT_PIXELS,
  processImage,
  type StoredImage,
} from '../images/process-image.ts';
import { LISTING_PHOTO_KINDS, SNIFF_BYTES, sniffImage } from '../images/sniff-image.ts';
import { LISTING_PHOTOS, type ListingPhoto } from '../properties/create-property.ts';

/**
 * Photos of an import's `photo_urls` (ADR 038): each URL fetched through the SSRF checks of lib/safe-fetch.ts, then
 * through the upload's own pipeline (the first bytes sniffed as an image, MAX_PHOTO_BYTES, sharp's pixel cap and
 * variants, storage). A photo is stored under a name made of its content's SHA-256 (`listings/imported-<hash>`), so
 * one content is stored once however many URLs or listings show it; a URL is fetched once per run.
 */

export type PhotoResult = { ok: true; photo: ListingPhoto } | { ok: false; issue: ImportIssue };

/** Longest URL quoted back in a report. */
const URL_IN_REPORT = 200;
/** URLs remembered per run (each entry is small; past this the oldest are forgotten and would be fetched again). */
const REMEMBERED = 20_000;

/** The `photo_urls` cell as URLs: split on spaces, each once, at most MAX_PHOTOS (the rest reported). */
export function readPhotoUrls(cell: string | undefined): { urls: string[]; extra: number } {
  const urls = [...new Set((cell ?? '').split(/\s+/).filter(Boolean))];
  return { urls: urls.slice(0, MAX_PHOTOS), extra: Math.max(0, urls.length - MAX_PHOTOS) };
}

export const photoIssue = (code: string, url: string, values: Record<string, string | number> = {}): ImportIssue => ({
  code,
  values: { url: url.length > URL_IN_REPORT ? `${url.slice(0, URL_IN_REPORT)}…` : url, ...values },
});

/** Not an image by its first bytes: the upload's 415. */
class NotAnImage extends Error {}

export type PhotoFetcherDeps = {
  db: Db;
  storage: Storage;
  limits: ImportLimits;
  resolve?: Resolver;
  tmpDir?: string;
};

/** One run's photo fetches: each URL once, each content stored once. */
export class PhotoFetcher {
  private readonly byUrl = new Map<string, Promise<PhotoResult>>();
  private readonly byContent = new Map<string, Promise<StoredImage>>();
  /** How many URLs were fetched over the network (tests and the bench read it). */
  fetched = 0;

  constructor(private readonly deps: PhotoFetcherDeps) {}

  /** The photo at `url`, fetched at most once per run; never throws for the photo's own fault (a storage failure does). */
  get(url: string): Promise<PhotoResult> {
    const known = this.byUrl.get(url);
    if (known) return known;
    const result = this.load(url);
    this.byUrl.set(url, result);
    if (this.byUrl.size > REMEMBERED) {
      const oldest = this.byUrl.keys().next().value;
      if (oldest !== undefined) this.byUrl.delete(oldest);
    }
    return result;
  }

  private async load(url: string): Promise<PhotoResult> {
    const dir = path.join(this.deps.tmpDir ?? tmpdir(), 'import-photos');
    const file = path.join(dir, randomUUID());
    try {
      this.fetched += 1;
      const fetched = await safeFetch(url, {
        allowedHosts: this.deps.limits.allowedHosts,
        maxBytes: MAX_PHOTO_BYTES,
        timeoutMs: this.deps.limits.timeoutMs,
        resolve: this.deps.resolve,
      });
      await mkdir(dir, { recursive: true });
      const hash = createHash('sha256');
      let head = Buffer.alloc(0);
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          if (head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
            const kind = head.length >= SNIFF_BYTES ? sniffImage(head) : undefined;
            if (kind !== undefined && (kind === null || !LISTING_PHOTO_KINDS.includes(kind))) {
              done(new NotAnImage());
              return;
            }
          }
          done(null, chunk);
        },
        flush(done) {
          done(head.length < SNIFF_BYTES ? new NotAnImage() : null);
        },
      });
      await pipeline(fetched.body, check, createWriteStream(file));
      const digest = hash.digest('hex');
      const image = await this.store(digest, file);
      return { ok: true, photo: { ...image, sourceUrl: url } };
    } catch (err) {
      const issue = this.issueOf(err, url);
      if (!issue) throw err;
      return { ok: false, issue };
    } finally {
      await rm(file, { force: true }).catch(() => undefined);
    }
  }

  /** The stored photo of a content: one already stored under its name, else converted and stored now. */
  private store(digest: string, file: string): Promise<StoredImage> {
    const known = this.byContent.get(digest);
    if (known) return known;
    const key = `${IMPORTED_PHOTO_PREFIX}${digest.slice(0, 40)}`;
    const name = key.slice(LISTING_PHOTOS.length + 1);
    const work = (async () => {
      const [row] = await this.deps.db
        .select({
          width: propertyImages.width,
          height: propertyImages.height,
          widths: propertyImages.widths,
          phash: propertyImages.phash,
        })
        .from(propertyImages)
        .where(eq(propertyImages.storageKey, key))
        .limit(1);
      if (row?.phash) return { key, width: row.width, height: row.height, widths: row.widths, phash: row.phash };
      return processImage(this.deps.storage, file, LISTING_PHOTOS, undefined, name);
    })();
    this.byContent.set(digest, work);
    // A failed conversion is not remembered (the next URL with this content tries again and says why).
    work.catch(() => this.byContent.delete(digest));
    if (this.byContent.size > REMEMBERED) {
      const oldest = this.byContent.keys().next().value;
      if (oldest !== undefined) this.byContent.delete(oldest);
    }
    return work;
  }

  private issueOf(err: unknown, url: string): ImportIssue | null {
    if (err instanceof FetchRefused) {
      if (err.reason === 'too_large')
        return photoIssue('photo_too_large', url, { maxMb: Math.round(MAX_PHOTO_BYTES / 1024 / 1024) });
      return photoIssue(`photo_${err.reason}`, url, { detail: err.message.slice(0, 100) });
    }
    if (err instanceof NotAnImage) return photoIssue('photo_not_image', url);
    if (err instanceof ImageTooLargeError)
      return photoIssue('photo_too_many_pixels', url, {
        width: err.width,
        height: err.height,
        max: MAX_INPUT_PIXELS / 1_000_000,
      });
    if (err instanceof ImageProcessingError) return photoIssue('photo_unreadable', url);
    return null;
  }
}
