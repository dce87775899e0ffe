import type { Readable } from 'node:stream';
import {
  blankValueOf,
  type CreatePropertyFields,
  LISTING_NUMBER_NAMES,
  RENTAL_TERM_NAMES,
  type UpdatePropertyFields,
} from '@baan/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
import type { JobLog } from '../jobs/runner.ts';
import { syncOwnerPerks } from '../perks/sync-owner-perks.ts';
import { createProperty } from '../properties/create-property.ts';
import { updateProperty } from '../properties/update-property.ts';
import { bangkokDay } from '../stats/bangkok-day.ts';
import { getSubscriptionSummary } from '../subscriptions/get-subscription-summary.ts';
import { type ImportRecord, listingRecord, MAX_EXTERNAL_REF, readRecord } from './import-columns.ts';
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

/** A listing as the import's schema reads it back: the export row parsed (same numbers, same blanks). */
async function storedFields(db: Db, id: number) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  if (!row) return null;
  const rooms = await db
    .select({ type: propertyRooms.type, quantity: propertyRooms.quantity })
    .from(propertyRooms)
    .where(eq(propertyRooms.propertyId, id))
    .orderBy(propertyRooms.id);
  const parsed = readRecord(listingRecord(row, rooms, []));
  return parsed.success ? { row, fields: parsed.data } : { row, fields: null };
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

    for await (const row of read(await openSource(deps, job), deps.limits.maxRows)) {
      done += 1;
      await importRow(deps, job, row, { byRef, seen, record, markChanged: () => (changed = true) });
      if (pending.length >= FLUSH_EVERY) await flush();
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
  record: (item: Omit<Item, 'importId'>) => void;
  markChanged: () => void;
};

async function importRow(deps: ImportDeps, job: ImportRow, read: ReadRow, ctx: RowContext): Promise<void> {
  const where = { row: read.row };
  const ref = read.ref;
  const fail = (errors: Record<string, ImportIssue[]>) =>
    ctx.record({ ...where, ref: ref ? ref.slice(0, MAX_EXTERNAL_REF) : null, outcome: 'failed', errors });
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
  if (Object.keys(errors).length > 0) return fail(errors);
  if (!parsed.success) return;
  const fields = parsed.data;
  const now = deps.now();
  const existing = ctx.byRef.get(ref);
  try {
    if (existing) {
      const stored = await storedFields(deps.db, existing.id);
      const today = bangkokDay(now);
      if (
        stored?.fields &&
        canonical(stored.fields, stored.row.availabilityDate, today) ===
          canonical(fields, stored.row.availabilityDate, today)
      )
        return ctx.record({ ...where, ref, propertyId: existing.id, outcome: 'unchanged', errors: {} });
      await updateProperty(
        deps.db,
        deps.storage,
        existing.id,
        { id: job.userId, role: 'user' },
        asEdit(fields),
        [],
        now,
        {
          newOwnerDays: deps.newOwnerDays,
        },
      );
      ctx.markChanged();
      return ctx.record({ ...where, ref, propertyId: existing.id, outcome: 'updated', errors: {} });
    }
    const id = await createProperty(deps.db, deps.storage, job.userId, fields, [], {
      now,
      featuredQuota: true,
      newOwnerDays: deps.newOwnerDays,
      role: 'user',
      externalRef: ref,
      deferPerks: true,
    });
    ctx.byRef.set(ref, { id, ref, status: 'active' });
    ctx.markChanged();
    return ctx.record({ ...where, ref, propertyId: id, outcome: 'created', errors: {} });
  } catch (err) {
    // The write's own refusals (the featured quota, a project that cannot be linked): the row fails with its reason.
    if (err instanceof HttpError && err.statusCode < 500) {
      const reasons: Record<string, ImportIssue[]> = {};
      for (const [field, messages] of Object.entries(err.errors ?? {}))
        reasons[field] = (messages ?? []).map((message) => ({ code: 'invalid', message }));
      // The featured quota (403) is the featured column's reason; anything else the row's.
      const field = err.statusCode === 403 && fields.is_featured === '1' ? 'is_featured' : 'row';
      if (Object.keys(reasons).length === 0) reasons[field] = [{ code: 'invalid', message: err.message }];
      return fail(reasons);
    }
    throw err;
  }
}

/** Whether any photo rows exist for a listing (the export names their URLs). */
export async function listingPhotoKeys(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string[]>();
  const rows = await db
    .select({
      propertyId: propertyImages.propertyId,
      key: propertyImages.storageKey,
      isCover: propertyImages.isCover,
      sortOrder: propertyImages.sortOrder,
    })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, [...ids]));
  const byListing = new Map<number, string[]>();
  rows.sort((a, b) => Number(b.isCover) - Number(a.isCover) || a.sortOrder - b.sortOrder);
  for (const r of rows) byListing.set(r.propertyId, [...(byListing.get(r.propertyId) ?? []), r.key]);
  return byListing;
}
