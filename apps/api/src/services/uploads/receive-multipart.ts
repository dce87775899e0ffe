import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { type ImageKind, sniffImage } from '../images/sniff-image.ts';

export type ReceivedFile = {
  field: string;
  /** The client's name, for messages only; never used to build a path. */
  filename: string;
  path: string;
  size: number;
  kind: ImageKind;
};

export type Received = {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes the temporary files; call it whatever happened. */
  cleanup: () => Promise<void>;
};

export type ReceiveOptions = {
  tmpDir: string;
  maxFileBytes: number;
  maxFiles: number;
  allowed: readonly ImageKind[];
  /** People-readable name of the allowed types, for the 415 message. */
  allowedLabel: string;
};

const MB = 1024 * 1024;

/**
 * Streams a multipart body: text fields into an object, each file to its own temporary file on
 * disk (never whole in memory), checking its first bytes for an allowed image type and its size as
 * it arrives. A wrong type answers 415, a file over the limit 413; either way nothing is kept.
 */
export async function receiveMultipart(request: FastifyRequest, options: ReceiveOptions): Promise<Received> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const dir = path.join(options.tmpDir, randomUUID());
  await mkdir(dir, { recursive: true });
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: 200, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      const target = path.join(dir, `${files.length}`);
      let size = 0;
      let kind: ImageKind | null = null;
      let head = Buffer.alloc(0);
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (kind === null && head.length < 16) {
            head = Buffer.concat([head, chunk]).subarray(0, 16);
            if (head.length >= 12) {
              kind = sniffImage(head);
              if (!kind || !options.allowed.includes(kind)) {
                done(
                  new HttpError(
                    415,
                    `"${part.filename}" is not a ${options.allowedLabel} image. Only ${options.allowedLabel} files are accepted.`,
                  ),
                );
                return;
              }
            }
          }
          done(null, chunk);
        },
      });
      await pipeline(part.file, check, createWriteStream(target));
      if (part.file.truncated) throw tooLarge(part.filename, options.maxFileBytes);
      if (kind === null) {
        // Fewer than 12 bytes arrived: too short to be any image.
        if (size === 0) continue; // an empty file input: nothing chosen
        throw new HttpError(415, `"${part.filename}" is not a ${options.allowedLabel} image.`);
      }
      files.push({ field: part.fieldname, filename: part.filename, path: target, size, kind });
    }
  } catch (err) {
    await cleanup();
    throw translate(err, options);
  }
  return { fields, files, cleanup };
}

function tooLarge(filename: string, max: number) {
  return new HttpError(413, `"${filename}" is larger than ${Math.round(max / MB)} MB. Choose a smaller photo.`);
}

/** @fastify/multipart's own limit errors, reworded for people. */
function translate(err: unknown, options: ReceiveOptions): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, `Each photo can be at most ${Math.round(options.maxFileBytes / MB)} MB.`);
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, `At most ${options.maxFiles} photos can be sent at once.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(413, 'The form has too many fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'Send the form as multipart/form-data.');
  return err;
}
