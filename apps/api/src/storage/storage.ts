import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live. Keys are relative, slash-separated and made by the
 * server (never from user input): `listings/<uuid>-640.webp`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A readable stream of the file, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the files; missing ones are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every stored file whose key starts with `prefix`, with when it was written. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** The URL a browser fetches the file from. */
  url(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)+$/i;

/** Rejects anything that could escape the storage root or confuse a URL. */
export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}
