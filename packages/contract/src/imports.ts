import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

/** Bulk listings (docs/api.md "Bulk listings: CSV and feed import, export"; ADR 030). */

export const IMPORT_FORMATS = ['csv', 'kyero_v3'] as const;
export const IMPORT_MODES = ['full', 'partial'] as const;
export const IMPORT_SCHEDULES = ['once', 'hourly', 'daily'] as const;
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'paused', 'failed'] as const;

export const IMPORT_MESSAGES = {
  notFound: 'This import does not exist.',
  fileRequired: 'Choose a CSV file or a Kyero XML feed to import.',
  wrongType: (name: string) => `"${name}" is not a CSV file or an XML feed.`,
  tooLarge: (name: string, mb: number) => `"${name}" is larger than ${mb} MB.`,
  queued: 'Import queued. Its progress shows below.',
  stopped: 'The feed will not be fetched again.',
  noPackage: 'An active package is needed to import listings. Choose a package first.',
} as const;

/** POST /api/user/imports as JSON: a feed's URL (the file travels as multipart `file` with the same fields). */
export const CreateImportRequest = z.object({
  url: z
    .string({ error: 'Give the feed’s address (an http or https URL).' })
    .trim()
    .min(1, 'Give the feed’s address (an http or https URL).')
    .max(2048, 'The address is too long (at most 2,048 characters).')
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'The address must be an http or https URL.'),
  format: z.enum(IMPORT_FORMATS, { error: 'format must be csv or kyero_v3' }),
  schedule: z.enum(IMPORT_SCHEDULES, { error: 'schedule must be once, hourly or daily' }).default('once'),
  mode: z.enum(IMPORT_MODES, { error: 'mode must be full or partial' }).default('partial'),
});
export type CreateImportRequest = z.infer<typeof CreateImportRequest>;

/** The multipart form's text fields (beside `file`). */
export const CreateImportForm = z.object({
  file: z.file(),
  format: z.enum(IMPORT_FORMATS).optional(),
  mode: z.enum(IMPORT_MODES).optional(),
});
export const ImportUploadFields = z.object({
  format: z.enum(IMPORT_FORMATS, { error: 'format must be csv or kyero_v3' }).optional(),
  mode: z.enum(IMPORT_MODES, { error: 'mode must be full or partial' }).default('partial'),
});

export const ImportIdParams = z.object({
  id: z.coerce
    .number({ error: 'The import id must be a positive whole number.' })
    .int('The import id must be a positive whole number.')
    .min(1, 'The import id must be a positive whole number.')
    .max(2_147_483_647, 'The import id must be a positive whole number.'),
});

export const ImportCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  paused: z.number().int(),
  failed: z.number().int(),
});

export const ImportItem = z.object({
  row: z.number().int().nullable(),
  ref: z.string().nullable(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** field → reasons, in the reader's language. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportItem = z.infer<typeof ImportItem>;

export const ImportSummary = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  source: z.enum(['file', 'url']),
  format: z.enum(IMPORT_FORMATS),
  mode: z.enum(IMPORT_MODES),
  schedule: z.enum(IMPORT_SCHEDULES),
  url: z.string().nullable(),
  file_name: z.string().nullable(),
  counts: ImportCounts,
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  /** Why the whole import failed, in the reader's language, or null. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** A scheduled feed's next fetch; null once stopped or for a one-off import. */
  next_run_at: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportDetail = ImportSummary.extend({
  /** The rows' outcomes, refused rows first (at most MAX_IMPORT_ITEMS). */
  items: z.array(ImportItem),
  items_total: z.number().int(),
});
export type ImportDetail = z.infer<typeof ImportDetail>;
export const MAX_IMPORT_ITEMS = 2000;

export const ImportQueuedResponse = successEnvelope(z.object({ id: z.number().int(), status: z.literal('queued') }));
export const ImportListResponse = successEnvelope(z.array(ImportSummary));
export const ImportDetailResponse = successEnvelope(ImportDetail);
export const ImportStoppedResponse = successEnvelope(ImportSummary);
