import type { Readable } from 'node:stream';
import {
  blankValueOf,
  type CreatePropertyFields,
  LISTING_NUMBER_NAMES,
  MAX_PHOTOS,
  RENTAL_TERM_NAMES,
  type UpdatePropertyFields,
} from '@baan/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  type ImportCounts,
  type ImportIssue,
  importItems,
  imports,
  properties,
  propertyImages,
  propertyRooms,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import type { ImportLimits } from '../../lib/import-limits.ts';
import { FetchRefused, type Resolver, safeFetch } from '../../lib/safe-fetch.ts';
import type { Storage } from '../../storage/storage.ts';
import { queueListingsAlerts } from '../jobs/alert-jobs.ts';
import type { JobLog } from '../jobs/runner.ts';
import { type AssessCache, newAssessCache } from '../moderation/assess-listing.ts';
import { syncOwnerPerks } from '../perks/sync-owner-perks.ts';
import { createProperty, type ListingPhoto } from '../properties/create-property.ts';
import { updateProperty } from '../properties/update-property.ts';
import { bangkokDay } from '../stats/bangkok-day.ts';
import { getSubscriptionSummary } from '../subscriptions/get-subscription-summary.ts';
import { type ImportRecord, listingRecord, MAX_EXTERNAL_REF, readRecord } from './import-columns.ts';
import { PhotoFetcher, readPhotoUrls } from './import-photos.ts';
import { type ReadRow, readCsv, UnreadableFile } from './read-csv.ts';
import { readKyero } from './read-kyero.ts';

export const IMPORT_JOB = 'imports.run';
/** Uploaded import files wait in storage under this folder until their run has read them. */
export const IMPORT_FILES = 'private/imports';

export type ImportDeps = {
  db: Db;
  storage: Storage;
  now: () => Date;
  limits: ImportLimits;
  newOwnerDays: number;
  /** The name resolver of feed fetches (tests inject one); the system's when absent. */
  resolve?: Resolver;
  /** After a run changed listings: the listing caches are dropped. */
  listingsChanged: () => Promise<void>;
  /** Where fetched photos wait for their conversion (the uploads' temporary folder); the system's when absent. */
  tmpDir?: string;
  /** Told after each batch how many photo URLs the run has fetched so far (tests and the bench). */
  onBatch?: (photosFetched: number) => void;
};

type Outcome = 'created' | 'updated' | 'unchanged' | 'paused' | 'failed';
type Item = typeof importItems.$inferInsert;
type ImportRow = typeof imports.$inferSelect;

const FLUSH_EVERY = 100;
const EMPTY_COUNTS: ImportCounts = { created: 0, updated: 0, unchanged: 0, paused: 0, failed: 0 };

const issue = (code: string, values?: Record<string, string | number>): ImportIssue =>
  values ? { code, values } : { code };

/** The source's body: the uploaded file from storage, or the feed fetched through the SSRF checks. */
async function openSource(deps: ImportDeps, job: ImportRow): Promise<Readable> {
  if (job.source === 'file') {
    const file = job.fileKey ? await deps.storage.get(job.fileKey) : null;
    if (!file) throw new ImportFailure(issue('file_missing'));
    return file.body;
  }
  const fetched = await safeFetch(job.url ?? '', {
    allowedHosts: deps.limits.allowedHosts,
    maxBytes: deps.limits.maxBytes,
    timeoutMs: deps.limits.timeoutMs,
    resolve: deps.resolve,
  });
  return fetched.body;
}

/** A whole run failed: why, as an import code. */
class ImportFailure extends Error {
  constructor(readonly reason: ImportIssue) {
    super(reason.code);
  }
}

function failureOf(err: unknown, limits: ImportLimits): ImportIssue | null {
  if (err instanceof ImportFailure) return err.reason;
  if (err instanceof FetchRefused)
    return issue(`fetch_${err.reason}`, {
      detail: err.message.slice(0, 100),
      maxMb: Math.round(limits.maxBytes / 1024 / 1024),
    });
  if (err instanceof UnreadableFile) return issue(err.code, { detail: err.message.slice(0, 200), max: limits.maxRows });
  return null;
}

/** The fields as the listing stores them, to tell an unchanged row from an edit. */
function canonical(fields: CreatePropertyFields, storedDate: string | null, today: string): string {
  const numbers = Object.fromEntries(LISTING_NUMBER_NAMES.map((name) => [name, fields[name] ?? blankValueOf(name)]));
  const entries = Object.entries({
    ...fields,
    // A blank number is stored as its blank value (0 for a level or floors, else null).
    ...numbers,
    // A blank date is "available now": the same as a stored date that has come.
    availability_date: fields.availability_date ?? (storedDate && storedDate <= today ? storedDate : today),
  })
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** Blank optional fields explicitly cleared, a blank date left as it is. */
function asEdit(fields: CreatePropertyFields): UpdatePropertyFields {
  const edit: Record<string, unknown> = {
    lat: undefined,
    lon: undefined,
    title_deed: undefined,
    project_id: null,
    living_space: undefined,
    lot_area: undefined,
    avg_utilities: undefined,
    // Rental terms the row leaves blank are cleared too.
    ...Object.fromEntries(RENTAL_TERM_NAMES.map((name) => [name, undefined])),
    ...fields,
  };
  if (fields.availability_date === undefined) delete edit.availability_date;
  return edit as UpdatePropertyFields;
}

/**
 * One run of an import (the `imports.run` job, ADR 030): reads the source streaming, checks each row with the create
 * call's own schema, creates or updates the owner's listing of its `external_ref` (an unchanged one is left alone),
 * records each row's outcome and the progress as it goes, and in `full` mode pauses the owner's imported listings the
 * source no longer has, but only when the source was read to its end. A source that cannot be fetched or read ends
 * the run as `failed` with the reason; the rows read before stay reported.
 */
export async function runImport(deps: ImportDeps, importId: number, log: JobLog): Promise<void> {
  const { db } = deps;
  const [job] = await db.select().from(imports).where(eq(imports.id, importId));
  if (!job) return;
  const userId = job.userId;
  await db.delete(importItems).where(eq(importItems.importId, importId));
  await db
    .update(imports)
    .set({
      status: 'running',
      counts: EMPTY_COUNTS,
      progressDone: 0,
      progressTotal: null,
      error: null,
      startedAt: deps.now(),
      finishedAt: null,
      updatedAt: deps.now(),
    })
    .where(eq(imports.id, importId));

  const counts: ImportCounts = { ...EMPTY_COUNTS };
  let pending: Item[] = [];
  let done = 0;
  let changed = false;
  const flush = async (extra: Partial<typeof imports.$inferInsert> = {}) => {
    if (pending.length > 0) await db.insert(importItems).values(pending);
    pending = [];
    await db
      .update(imports)
      .set({ counts: { ...counts }, progressDone: done, updatedAt: deps.now(), ...extra })
      .where(eq(imports.id, importId));
  };
  const record = (item: Omit<Item, 'importId'>) => {
    pending.push({ importId, ...item });
    counts[item.outcome as Outcome] += 1;
  };

  let failure: ImportIssue | null = null;
  try {
    const subscription = await getSubscriptionSummary(db, userId, deps.now());
    if (!subscription.is_active) throw new ImportFailure(issue('no_package'));
    // The owner's imported listings by reference: matched by it, and paused in full mode when the source left them.
    const own = await db
      .select({ id: properties.id, ref: properties.externalRef, status: properties.status })
      .from(properties)
      .where(and(eq(properties.userId, userId), isNotNull(properties.externalRef)));
    const byRef = new Map(own.map((p) => [p.ref as string, p]));
    const seen = new Set<string>();
    const read = job.format === 'csv' ? readCsv : readKyero;

    if (job.source === 'file') {
      // A file is read twice: once to count its rows (the progress' total, and a broken file found before any
      // listing changes), then to import them.
      let total = 0;
      for await (const _ of read(await openSource(deps, job), deps.limits.maxRows)) total += 1;
      await db.update(imports).set({ progressTotal: total }).where(eq(imports.id, importId));
    }

    const ctx: RowContext = {
      byRef,
      seen,
      fetcher: new PhotoFetcher({
        db,
        storage: deps.storage,
        limits: deps.limits,
        resolve: deps.resolve,
        tmpDir: deps.tmpDir,
      }),
      assessCache: newAssessCache(),
      wentLive: [],
      markChanged: () => {
        changed = true;
      },
    };
    // Rows are written FLUSH_EVERY at a time, each batch in one transaction with its reports and the progress.
    let batch: ReadRow[] = [];
    const writeBatch = async () => {
      const rows = batch;
      batch = [];
      await importBatch(deps, job, rows, ctx, async (tx, reports) => {
        await queueListingsAlerts(tx, ctx.wentLive.splice(0), deps.now());
        const next = { ...counts };
        for (const report of reports) next[report.outcome as Outcome] += 1;
        await tx.insert(importItems).values(reports.map((report) => ({ importId, ...report })));
        await tx
          .update(imports)
          .set({ counts: next, progressDone: done, updatedAt: deps.now() })
          .where(eq(imports.id, importId));
        // Counted once the transaction commits (a failed batch's rows are not reported).
        commits.push(() => Object.assign(counts, next));
      });
      for (const apply of commits.splice(0)) apply();
      deps.onBatch?.(ctx.fetcher.fetched);
    };
    const commits: (() => void)[] = [];
    try {
      for await (const row of read(await openSource(deps, job), deps.limits.maxRows)) {
        done += 1;
        batch.push(row);
        if (batch.length >= FLUSH_EVERY) await writeBatch();
      }
    } finally {
      // The rows read before a fault are written and reported (ADR 030); not after an unexpected failure.
      if (batch.length > 0) await writeBatch().catch(() => undefined);
    }

    if (job.mode === 'full') {
      const gone = [...byRef.entries()].filter(([ref, p]) => !seen.has(ref) && p.status === 'active');
      for (let i = 0; i < gone.length; i += 500) {
        const batch = gone.slice(i, i + 500);
        await db
          .update(properties)
          .set({ status: 'paused', updatedAt: deps.now() })
          .where(
            and(
              eq(properties.userId, userId),
              isNotNull(properties.externalRef),
              inArray(
                properties.id,
                batch.map(([, p]) => p.id),
              ),
            ),
          );
        for (const [ref, p] of batch) record({ ref, propertyId: p.id, outcome: 'paused', errors: {} });
        changed = true;
        if (pending.length >= FLUSH_EVERY) await flush();
      }
    }
  } catch (err) {
    failure = failureOf(err, deps.limits);
    if (!failure) {
      await flush().catch(() => undefined);
      throw err;
    }
  }
  const finishedAt = deps.now();
  await flush({
    status: failure ? 'failed' : 'done',
    error: failure,
    finishedAt,
    ...(failure ? {} : { progressTotal: done }),
    // A one-off upload is read: its file is not kept.
    ...(job.source === 'file' ? { fileKey: null } : {}),
  });
  if (job.source === 'file' && job.fileKey) await deps.storage.delete([job.fileKey]).catch(() => undefined);
  if (changed) {
    // The package's perks (premium visibility) for the new listings, once for the whole run.
    await db.transaction((tx) => syncOwnerPerks(tx, job.userId, deps.now()));
    await deps.listingsChanged();
  }
  log.info({ importId, ...counts, failed: counts.failed, error: failure?.code }, 'import run finished');
}

type RowContext = {
  byRef: Map<string, { id: number; ref: string | null; status: string }>;
  seen: Set<string>;
  fetcher: PhotoFetcher;
  assessCache: AssessCache;
  markChanged: () => void;
  /** The batch's new listings live at once: one saved-search match job for them, queued with the batch. */
  wentLive: number[];
};

type Report = Omit<Item, 'importId'>;
type ImageRow = typeof propertyImages.$inferSelect;
/** A listing's photo with the URL an import compares a row's `photo_urls` with (ADR 038). */
type CurrentPhoto = ImageRow & { url: string };
type Stored = { row: typeof properties.$inferSelect; fields: CreatePropertyFields | null; photos: CurrentPhoto[] };

/** A row that passed the checks needing no database: what to write, or (report set) its refusal. */
type Planned = {
  where: { row: number };
  ref: string;
  fields: CreatePropertyFields;
  urls: string[];
  photoErrors: ImportIssue[];
  existingId?: number;
  /** The photos the listing gets (null: its photos stay as they are). */
  photos?: ListingPhoto[] | null;
};

/** Photos fetched at once (the image pipeline's own queue bounds the conversions). */
const PHOTO_FETCHES = 4;

/** The URL a listing's photo stands for in `photo_urls`: where an import fetched it, else its own largest file. */
export function photoUrlOf(storage: Storage, image: Pick<ImageRow, 'storageKey' | 'widths' | 'sourceUrl'>): string {
  if (image.sourceUrl) return image.sourceUrl;
  const widest = Math.max(...image.widths);
  return storage.url(`${image.storageKey}-${widest}.webp`);
}

const inWireOrder = (a: ImageRow, b: ImageRow) =>
  Number(b.isCover) - Number(a.isCover) || a.sortOrder - b.sortOrder || a.id - b.id;

/** Each listing's photos in the wire's order (cover first), with the URL each stands for. */
async function listingPhotos(db: Db, storage: Storage, ids: readonly number[]): Promise<Map<number, CurrentPhoto[]>> {
  const byListing = new Map<number, CurrentPhoto[]>();
  if (ids.length === 0) return byListing;
  const rows = await db
    .select()
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, [...ids]));
  rows.sort(inWireOrder);
  for (const r of rows)
    byListing.set(r.propertyId, [...(byListing.get(r.propertyId) ?? []), { ...r, url: photoUrlOf(storage, r) }]);
  return byListing;
}

/** The URLs the export writes as each listing's `photo_urls` (importing them back changes nothing). */
export async function listingPhotoUrls(db: Db, storage: Storage, ids: readonly number[]) {
  const photos = await listingPhotos(db, storage, ids);
  return new Map([...photos].map(([id, list]) => [id, list.map((photo) => photo.url)]));
}

/** Listings as the import's schema reads them back (the export row parsed), with their photos: one read per batch. */
async function storedListings(db: Db, storage: Storage, ids: readonly number[]): Promise<Map<number, Stored>> {
  const out = new Map<number, Stored>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(properties)
    .where(inArray(properties.id, [...ids]));
  const rooms = await db
    .select({ propertyId: propertyRooms.propertyId, type: propertyRooms.type, quantity: propertyRooms.quantity })
    .from(propertyRooms)
    .where(inArray(propertyRooms.propertyId, [...ids]))
    .orderBy(propertyRooms.id);
  const photos = await listingPhotos(db, storage, ids);
  for (const row of rows) {
    const parsed = readRecord(
      listingRecord(
        row,
        rooms.filter((r) => r.propertyId === row.id),
        [],
      ),
    );
    out.set(row.id, { row, fields: parsed.success ? parsed.data : null, photos: photos.get(row.id) ?? [] });
  }
  return out;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const sameUrls = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((url, i) => url === b[i]);

/**
 * One batch of rows (ADR 038): checked without the database, the listings they match read in one go, their new photos
 * fetched (outside any transaction), then every row written in one transaction with its report and the progress (a
 * savepoint per row, so a row's refusal undoes only that row). Answers the batch's reports.
 */
async function importBatch(
  deps: ImportDeps,
  job: ImportRow,
  reads: readonly ReadRow[],
  ctx: RowContext,
  commit: (tx: Tx, reports: Report[]) => Promise<void>,
): Promise<void> {
  ctx.wentLive.length = 0;
  const slots: (Report | Planned)[] = reads.map((read) => planRow(read, ctx));
  const planned = slots.filter((slot): slot is Planned => 'fields' in slot);
  const stored = await storedListings(
    deps.db,
    deps.storage,
    planned.flatMap((p) => (p.existingId === undefined ? [] : [p.existingId])),
  );

  // The URLs to fetch: those a listing does not already show.
  const wanted = new Set<string>();
  for (const p of planned) {
    const current = p.existingId === undefined ? [] : (stored.get(p.existingId)?.photos ?? []);
    if (
      p.urls.length === 0 ||
      sameUrls(
        p.urls,
        current.map((c) => c.url),
      )
    )
      continue;
    for (const url of p.urls) if (!current.some((c) => c.url === url)) wanted.add(url);
  }
  await eachLimited([...wanted], PHOTO_FETCHES, (url) => ctx.fetcher.get(url));
  for (const p of planned)
    p.photos = await photosOf(p, p.existingId === undefined ? undefined : stored.get(p.existingId), ctx);

  await deps.db.transaction(async (tx) => {
    const reports: Report[] = [];
    for (const slot of slots) {
      if (!('fields' in slot)) reports.push(slot);
      else
        reports.push(
          await writeRow(
            deps,
            tx,
            job,
            slot,
            slot.existingId === undefined ? undefined : stored.get(slot.existingId),
            ctx,
          ),
        );
    }
    await commit(tx, reports);
  });
}

/** The photos a row gives its listing: null when they stay as they are (none asked, the same, or none could be had). */
async function photosOf(p: Planned, stored: Stored | undefined, ctx: RowContext): Promise<ListingPhoto[] | null> {
  const current = stored?.photos ?? [];
  if (
    p.urls.length === 0 ||
    sameUrls(
      p.urls,
      current.map((c) => c.url),
    )
  )
    return null;
  const photos: ListingPhoto[] = [];
  for (const url of p.urls) {
    const had = current.find((c) => c.url === url);
    if (had) {
      photos.push({
        key: had.storageKey,
        width: had.width,
        height: had.height,
        widths: had.widths,
        phash: had.phash ?? '',
        sourceUrl: had.sourceUrl,
      });
      continue;
    }
    const result = await ctx.fetcher.get(url);
    if (result.ok) photos.push(result.photo);
    else p.photoErrors.push(result.issue);
  }
  if (photos.length === 0) return null;
  if (sameUrls(photos.map(photoKeyUrl), current.map(photoKeyUrl))) return null;
  return photos;
}

/** What tells two photos apart for "unchanged": the stored files and where they came from. */
const photoKeyUrl = (photo: { sourceUrl: string | null } & ({ key: string } | { storageKey: string })) =>
  `${'key' in photo ? photo.key : photo.storageKey} ${photo.sourceUrl ?? ''}`;

/** The checks that need no database (ADR 030): a ref, once per file, the create call's schema. */
function planRow(read: ReadRow, ctx: RowContext): Report | Planned {
  const where = { row: read.row };
  const ref = read.ref;
  const fail = (errors: Record<string, ImportIssue[]>): Report => ({
    ...where,
    ref: ref ? ref.slice(0, MAX_EXTERNAL_REF) : null,
    outcome: 'failed',
    errors,
  });
  if (!ref) return fail({ external_ref: [issue('ref_required')] });
  if (ref.length > MAX_EXTERNAL_REF) return fail({ external_ref: [issue('ref_too_long')] });
  if (ctx.seen.has(ref)) return fail({ external_ref: [issue('ref_twice')] });
  ctx.seen.add(ref);

  const errors: Record<string, ImportIssue[]> = {};
  for (const [field, codes] of Object.entries(read.problems)) errors[field] = codes.map((code) => issue(code));
  const parsed = readRecord(read.record as ImportRecord);
  if (!parsed.success) {
    for (const problem of parsed.error.issues) {
      const field = String(problem.path[0] ?? 'row');
      // A field the reader already refused (a formula cell) is not also "required".
      if (read.problems[field]) continue;
      errors[field] = [...(errors[field] ?? []), { code: 'invalid', message: problem.message }];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return fail(errors);
  const { urls, extra } = readPhotoUrls(read.record.photo_urls);
  return {
    where,
    ref,
    fields: parsed.data,
    urls,
    photoErrors: extra > 0 ? [issue('photo_too_many', { max: MAX_PHOTOS, extra })] : [],
    existingId: ctx.byRef.get(ref)?.id,
  };
}

/** Writes one planned row in the batch's transaction: created, updated, unchanged or (the write's refusal) failed. */
async function writeRow(
  deps: ImportDeps,
  tx: Tx,
  job: ImportRow,
  p: Planned,
  stored: Stored | undefined,
  ctx: RowContext,
): Promise<Report> {
  const { where, ref, fields } = p;
  const db = tx as unknown as Db;
  const now = deps.now();
  const photoErrors: Record<string, ImportIssue[]> = p.photoErrors.length > 0 ? { photo_urls: p.photoErrors } : {};
  try {
    if (p.existingId !== undefined) {
      const id = p.existingId;
      const today = bangkokDay(now);
      const sameFields =
        stored?.fields &&
        canonical(stored.fields, stored.row.availabilityDate, today) ===
          canonical(fields, stored.row.availabilityDate, today);
      if (sameFields && !p.photos) return { ...where, ref, propertyId: id, outcome: 'unchanged', errors: photoErrors };
      const edit = asEdit(fields);
      if (p.photos) edit.remove_image_ids = (stored?.photos ?? []).map((photo) => photo.id);
      await updateProperty(db, deps.storage, id, { id: job.userId, role: 'user' }, edit, [], now, {
        newOwnerDays: deps.newOwnerDays,
        photos: p.photos ?? [],
      });
      ctx.markChanged();
      return { ...where, ref, propertyId: id, outcome: 'updated', errors: photoErrors };
    }
    const id = await createProperty(db, deps.storage, job.userId, fields, [], {
      now,
      featuredQuota: true,
      newOwnerDays: deps.newOwnerDays,
      role: 'user',
      externalRef: ref,
      deferPerks: true,
      photos: p.photos ?? [],
      assessCache: ctx.assessCache,
      wentLive: (id) => ctx.wentLive.push(id),
    });
    ctx.byRef.set(ref, { id, ref, status: 'active' });
    ctx.markChanged();
    return { ...where, ref, propertyId: id, outcome: 'created', errors: photoErrors };
  } catch (err) {
    // The write's own refusals (the featured quota, a project that cannot be linked): the row fails with its reason.
    if (err instanceof HttpError && err.statusCode < 500) {
      const reasons: Record<string, ImportIssue[]> = {};
      for (const [field, messages] of Object.entries(err.errors ?? {}))
        reasons[field] = (messages ?? []).map((message) => ({ code: 'invalid', message }));
      // The featured quota (403) is the featured column's reason; anything else the row's.
      const field = err.statusCode === 403 && fields.is_featured === '1' ? 'is_featured' : 'row';
      if (Object.keys(reasons).length === 0) reasons[field] = [{ code: 'invalid', message: err.message }];
      return { ...where, ref, outcome: 'failed', errors: { ...photoErrors, ...reasons } };
    }
    throw err;
  }
}
