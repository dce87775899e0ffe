import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { storageFailure } from '../../lib/storage-failure.ts';
import { type ImageKind, SNIFF_BYTES, sniffImage } from '../images/sniff-image.ts';
import type { UploadBudget, UploadTicket } from './upload-budget.ts';

/** What a received file's first bytes say it is: an image (sniffImage), an import's text (sniffImportFile) or a PDF (sniffDocument). */
export type FileKind = ImageKind | 'csv' | 'xml' | 'pdf';

export type ReceivedFile = {
  field: string;
  /** The client's name, for messages only; never used to build a path. */
  filename: string;
  path: string;
  size: number;
  kind: FileKind;
};

export type Received = {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes the temporary files; call it whatever happened. */
  cleanup: () => Promise<void>;
};

export type ReceiveOptions = {
  tmpDir: string;
  /** The node's limits on uploads in progress (app.uploadBudget): per account, and temporary bytes in all. */
  budget: UploadBudget;
  /** Whose upload this is (the user's id): an account has at most the budget's `perAccount` in progress. */
  account: number;
  maxFileBytes: number;
  maxFiles: number;
  /** Text fields accepted (200 unless given). */
  maxFields?: number;
  allowed: readonly FileKind[];
  /** How the first SNIFF_BYTES are read (images by default: sniffImage). */
  sniff?: (head: Uint8Array) => FileKind | null;
  /** People-readable name of the allowed types, for the 415 message. */
  allowedLabel: string;
  /** The file fields this form has; files under any other name are skipped unread. All when absent. */
  fileFields?: readonly string[];
  /** The form's own wording for a wrong type (415) and a file over the limit (413). */
  messages?: { wrongType: (filename: string) => string; tooLarge: (filename: string) => string };
  /**
   * Runs once when the first file begins, before any of its bytes are read, with the text fields
   * sent before it: whatever it throws is the answer, and the file never crosses the wire whole.
   */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
};

const MB = 1024 * 1024;

/**
 * Every upload's one way in. Streams a multipart body: text fields into an object, each file to
 * its own temporary file on disk (never whole in memory), checking its first bytes for an allowed
 * image type and its size as it arrives. A wrong type answers 415, a file over the limit 413, a
 * failing upload folder 507/500; whatever happens, nothing is kept. Before any byte is read, an
 * account with uploads in progress up to the budget gets 429, and a node whose upload temporaries
 * fill the budget 503 (both with Retry-After); an upload whose bytes would go past it is cut with
 * the 503. Its bytes count until `cleanup` has removed its files.
 */
export async function receiveMultipart(request: FastifyRequest, options: ReceiveOptions): Promise<Received> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const maxMb = Math.round(options.maxFileBytes / MB);
  const messages = options.messages ?? {
    wrongType: (name: string) =>
      `"${name}" is not a ${options.allowedLabel} image. Only ${options.allowedLabel} files are accepted.`,
    tooLarge: (name: string) => `"${name}" is larger than ${maxMb} MB. Choose a smaller photo.`,
  };
  const dir = path.join(options.tmpDir, randomUUID());
  let ticket: UploadTicket | undefined;
  // Never throws: a leftover temporary file must not turn an answer into a 500 (start-up wipes them).
  const cleanup = async () => {
    await rm(dir, { recursive: true, force: true }).catch((err: unknown) => {
      request.log.warn({ err }, 'could not remove temporary upload files');
    });
    ticket?.end();
  };
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let beforeFile = options.beforeFile;
  try {
    ticket = options.budget.begin(options.account);
    const counted = ticket;
    await mkdir(dir, { recursive: true }).catch((err: unknown) => {
      throw storageFailure(err);
    });
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: options.maxFiles,
        fields: options.maxFields ?? 200,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (options.fileFields && !options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (beforeFile) {
        const run = beforeFile;
        beforeFile = undefined;
        await run(fields);
      }
      const refuse = (status: 413 | 415) => {
        const message = status === 413 ? messages.tooLarge(part.filename) : messages.wrongType(part.filename);
        return new HttpError(status, message, { [part.fieldname]: [message] });
      };
      const target = path.join(dir, `${files.length}`);
      let size = 0;
      let kind: FileKind | null = null;
      const sniff = options.sniff ?? sniffImage;
      let head = Buffer.alloc(0);
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          try {
            counted.add(chunk.length);
          } catch (err) {
            done(err as Error);
            return;
          }
          size += chunk.length;
          if (kind === null && head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
            if (head.length >= SNIFF_BYTES) {
              kind = sniff(head);
              if (!kind || !options.allowed.includes(kind)) {
                done(refuse(415));
                return;
              }
            }
          }
          done(null, chunk);
        },
      });
      const out = createWriteStream(target);
      let diskError: unknown;
      out.on('error', (err: NodeJS.ErrnoException) => {
        // Only the file system's own failures (they name a syscall): pipeline also destroys this
        // stream with the request's error when a body is cut short, and that is the client's fault.
        if (err.syscall) diskError = err;
      });
      try {
        await pipeline(part.file, check, out);
      } catch (err) {
        if (err === diskError) throw storageFailure(err);
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(413);
        throw err;
      }
      if (part.file.truncated) throw refuse(413);
      if (kind === null) {
        // Fewer than SNIFF_BYTES arrived: too short to be any image.
        if (size === 0) continue; // an empty file input: nothing chosen
        throw refuse(415);
      }
      files.push({ field: part.fieldname, filename: part.filename, path: target, size, kind });
    }
  } catch (err) {
    if (!request.raw.complete) {
      // Answered before the body ended: the rest is read and dropped (never stored), as Node does
      // for a body nobody reads, so a keep-alive connection is ready for its next request.
      request.raw.unpipe();
      request.raw.resume();
    }
    await cleanup();
    throw translate(err, options);
  }
  return { fields, files, cleanup };
}

/** @fastify/multipart's own limit errors, reworded for people. */
function translate(err: unknown, options: ReceiveOptions): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  // A skipped file over the limit (the kept ones are answered with their own message above).
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, `Each file can be at most ${Math.round(options.maxFileBytes / MB)} MB.`);
  if (code === 'FST_FILES_LIMIT')
    return new HttpError(413, `Too many files: at most ${options.maxFiles} can be sent at once.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(413, 'The form has too many fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'Send the form as multipart/form-data.');
  return err;
}
