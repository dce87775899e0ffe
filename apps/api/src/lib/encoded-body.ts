import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type BodyEncoding = 'br' | 'gzip';

/** Bodies smaller than this go out as they are (the same threshold as the compress plugin). */
const MIN_COMPRESSED_BYTES = 1024;
/**
 * Bodies this large are compressed in the thread pool, not on the event loop: a catalogue-sized answer (GET
 * /api/all/properties, a sitemap part: tens of MB) takes seconds to compress, and every other request would wait.
 */
export const LARGE_BODY_BYTES = 1024 * 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality for a kept body. Quality 9 (and up) falls off a cliff on a page's HTML: 190–280 ms for the
 * 140 kB listing page on this project's machine against 2–5 ms at 5 to 8, for 0.4–2.6 % fewer bytes
 * (docs/benchmarks.md, issue 27), and an uncached page pays it on its own request.
 */
export const BROTLI_QUALITY = 6;
const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

/**
 * A JSON (or HTML) answer kept for many identical requests (the listing read cache, rendered
 * pages), with its brotli and gzip forms made on first demand and then reused, so a hot listing
 * page costs neither JSON.stringify (or a render) nor compression.
 */
export class EncodedBody {
  private readonly encoded = new Map<BodyEncoding, Buffer>();
  private readonly encoding = new Map<BodyEncoding, Promise<Buffer>>();
  readonly bytes: number;

  /** The text as UTF-8, when the caller has it already (a rendered page, hashed for its ETag): compressed from it. */
  private readonly utf8: Buffer | undefined;

  constructor(
    readonly json: string,
    readonly type = 'application/json; charset=utf-8',
    utf8?: Buffer,
  ) {
    this.utf8 = utf8;
    this.bytes = utf8 ? utf8.length : Buffer.byteLength(json);
  }

  /** What is compressed: the UTF-8 the caller gave, else the text (which zlib encodes). */
  private get input(): string | Buffer {
    return this.utf8 ?? this.json;
  }

  as(encoding: BodyEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      // Made once per cache lifetime: a little better than the compress plugin's per-request quality (4).
      body =
        encoding === 'br'
          ? brotliCompressSync(this.input, brotliOptions(this.bytes))
          : gzipSync(this.input, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }

  /** The same, made in the thread pool (once: requests meanwhile wait for the same work). */
  asAsync(encoding: BodyEncoding): Promise<Buffer> {
    const done = this.encoded.get(encoding);
    if (done) return Promise.resolve(done);
    let pending = this.encoding.get(encoding);
    if (!pending) {
      pending = (
        encoding === 'br' ? brotliAsync(this.input, brotliOptions(this.bytes)) : gzipAsync(this.input, { level: 6 })
      ).then(
        (body) => {
          this.encoded.set(encoding, body);
          this.encoding.delete(encoding);
          return body;
        },
        (err: unknown) => {
          this.encoding.delete(encoding);
          throw err;
        },
      );
      this.encoding.set(encoding, pending);
    }
    return pending;
  }
}

/**
 * The best encoding the client accepts (`Accept-Encoding`, with q-values; q=0 refuses one):
 * brotli, then gzip, else none.
 */
export function pickEncoding(acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: BodyEncoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Sends a cached body, compressed when the client accepts it and it is worth it. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): FastifyReply | Promise<FastifyReply> {
  reply.type(body.type);
  if (body.bytes < MIN_COMPRESSED_BYTES) return reply.send(body.json);
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.json);
  // The compress plugin leaves an answer alone when it already names its encoding.
  if (body.bytes >= LARGE_BODY_BYTES) {
    return body.asAsync(encoding).then((encoded) => reply.header('content-encoding', encoding).send(encoded));
  }
  return reply.header('content-encoding', encoding).send(body.as(encoding));
}
