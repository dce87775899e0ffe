import {
  IMPORT_MESSAGES,
  type ImportDetail,
  type ImportItem,
  type ImportSummary,
  type Language,
  MAX_IMPORT_ITEMS,
} from '@baan/contract';
import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ImportIssue, importItems, imports, properties, propertyRooms } from '../../db/schema.ts';
import { toCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { IMPORT_COLUMNS, listingRecord } from './import-columns.ts';
import { importMessage, isImportCode } from './import-messages.ts';
import { IMPORT_JOB, listingPhotoUrls } from './run-import.ts';

type ImportRow = typeof imports.$inferSelect;

const HOUR = 60 * 60_000;
export const SCHEDULE_MS = { hourly: HOUR, daily: 24 * HOUR } as const;

export type NewImport =
  | { source: 'file'; fileKey: string; fileName: string; format: 'csv' | 'kyero_v3'; mode: 'full' | 'partial' }
  | {
      source: 'url';
      url: string;
      format: 'csv' | 'kyero_v3';
      mode: 'full' | 'partial';
      schedule: 'once' | 'hourly' | 'daily';
    };

/** Stores the import and queues its first run in the same transaction (ADR 015). */
export async function createImport(db: Db, userId: number, input: NewImport, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const schedule = input.source === 'url' ? input.schedule : 'once';
    const [row] = await tx
      .insert(imports)
      .values({
        userId,
        source: input.source,
        format: input.format,
        mode: input.mode,
        schedule,
        url: input.source === 'url' ? input.url : null,
        fileKey: input.source === 'file' ? input.fileKey : null,
        fileName: input.source === 'file' ? input.fileName.slice(0, 200) : null,
        status: 'queued',
        nextRunAt: schedule === 'once' ? null : new Date(now.getTime() + SCHEDULE_MS[schedule]),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: imports.id });
    if (!row) throw new Error('import insert returned nothing');
    await enqueueJob(tx, IMPORT_JOB, { importId: row.id }, { runAt: now, maxAttempts: 3 });
    return row.id;
  });
}

/** A stored reason in the reader's language: an import code translated, a validation message as the create call says it. */
function reasonText(reason: ImportIssue, language: Language): string {
  if (isImportCode(reason.code)) return importMessage(reason.code, language, reason.values);
  return reason.message ?? reason.code;
}

function summary(row: ImportRow, language: Language): ImportSummary {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    format: row.format,
    mode: row.mode,
    schedule: row.schedule,
    url: row.url,
    file_name: row.fileName,
    counts: row.counts,
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error ? reasonText(row.error, language) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
  };
}

/** GET /api/user/imports: the owner's imports, newest first (the last 50). */
export async function listImports(db: Db, userId: number, language: Language): Promise<ImportSummary[]> {
  const rows = await db.select().from(imports).where(eq(imports.userId, userId)).orderBy(desc(imports.id)).limit(50);
  return rows.map((row) => summary(row, language));
}

async function ownImport(db: Db, userId: number, id: number): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  // Another owner's import is as absent as one that never was.
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

/** GET /api/user/imports/{id}: the import with its rows' outcomes, refused rows first. */
export async function getImport(db: Db, userId: number, id: number, language: Language): Promise<ImportDetail> {
  const row = await ownImport(db, userId, id);
  const items = await db
    .select()
    .from(importItems)
    .where(eq(importItems.importId, id))
    .orderBy(sql`(${importItems.outcome} = 'failed') desc`, asc(importItems.id))
    .limit(MAX_IMPORT_ITEMS);
  const [total] = await db.select({ n: count() }).from(importItems).where(eq(importItems.importId, id));
  return {
    ...summary(row, language),
    items: items.map(
      (item): ImportItem => ({
        row: item.row,
        ref: item.ref,
        outcome: item.outcome,
        errors: Object.fromEntries(
          Object.entries(item.errors).map(([field, reasons]) => [field, reasons.map((r) => reasonText(r, language))]),
        ),
      }),
    ),
    items_total: total?.n ?? 0,
  };
}

/** DELETE /api/user/imports/{id}: a scheduled feed is fetched no more (a run under way finishes). */
export async function stopImport(db: Db, userId: number, id: number, now: Date, language: Language) {
  await ownImport(db, userId, id);
  const [row] = await db
    .update(imports)
    .set({ nextRunAt: null, stoppedAt: now, updatedAt: now })
    .where(eq(imports.id, id))
    .returning();
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return summary(row, language);
}

/**
 * The `imports.feeds` schedule: every scheduled feed that is due (and not already queued or running) is moved to its
 * next time and queued, in one statement per feed, so two nodes never queue the same run.
 */
export async function enqueueDueFeeds(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: imports.id, schedule: imports.schedule })
    .from(imports)
    .where(
      and(lte(imports.nextRunAt, now), isNull(imports.stoppedAt), notInArray(imports.status, ['queued', 'running'])),
    )
    .limit(200);
  let queued = 0;
  for (const feed of due) {
    if (feed.schedule === 'once') continue;
    const moved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(imports)
        .set({
          status: 'queued',
          nextRunAt: new Date(now.getTime() + SCHEDULE_MS[feed.schedule as 'hourly']),
          updatedAt: now,
        })
        .where(and(eq(imports.id, feed.id), lte(imports.nextRunAt, now), isNull(imports.stoppedAt)))
        .returning({ id: imports.id });
      if (row) await enqueueJob(tx, IMPORT_JOB, { importId: row.id }, { runAt: now, maxAttempts: 3 });
      return Boolean(row);
    });
    if (moved) queued += 1;
  }
  return queued;
}

/** GET /api/user/properties.csv: every own listing in the template's columns (an import of it changes nothing). */
export async function exportListingsCsv(db: Db, storage: Storage, userId: number): Promise<string> {
  const rows = await db.select().from(properties).where(eq(properties.userId, userId)).orderBy(asc(properties.id));
  const ids = rows.map((r) => r.id);
  const rooms =
    ids.length === 0
      ? []
      : await db
          .select({ propertyId: propertyRooms.propertyId, type: propertyRooms.type, quantity: propertyRooms.quantity })
          .from(propertyRooms)
          .where(inArray(propertyRooms.propertyId, ids))
          .orderBy(asc(propertyRooms.id));
  const photos = await listingPhotoUrls(db, storage, ids);
  const lines = rows.map((row) => {
    const record = listingRecord(
      row,
      rooms.filter((r) => r.propertyId === row.id),
      photos.get(row.id) ?? [],
    );
    return IMPORT_COLUMNS.map((column) => record[column]);
  });
  return toCsv(IMPORT_COLUMNS, lines);
}
