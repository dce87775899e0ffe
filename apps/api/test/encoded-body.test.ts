import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BROTLI_QUALITY, EncodedBody, pickEncoding } from '../src/lib/encoded-body.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('BR; Q=0 , GZIP')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('br;q=abc')).toBeNull();
  });
});

describe('EncodedBody', () => {
  it('makes its brotli form below quality 9 (whose cost on a page of HTML is 50 times that of 6), once', () => {
    expect(BROTLI_QUALITY).toBeLessThan(9);
    const html = `<!DOCTYPE html><html><body>${'<svg class="icon size-4"><use href="/assets/s.svg#x"></use></svg>'.repeat(400)}</body></html>`;
    const body = new EncodedBody(html, 'text/html; charset=utf-8');
    const br = body.as('br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(html);
    const atQuality = (quality: number) =>
      brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.bytes,
        },
      });
    expect(br.equals(atQuality(BROTLI_QUALITY))).toBe(true);
    expect(body.as('br')).toBe(br);
    expect(gunzipSync(body.as('gzip')).toString('utf8')).toBe(html);
  });

  it('given the text as UTF-8 too (a rendered page), counts and compresses those bytes: the same forms as from the text', async () => {
    const html = `<!DOCTYPE html><html><body>${'<p>คอนโด สุขุมวิท ฿3,500,000 — 公寓</p>'.repeat(300)}</body></html>`;
    const fromText = new EncodedBody(html, 'text/html; charset=utf-8');
    const fromBytes = new EncodedBody(html, 'text/html; charset=utf-8', Buffer.from(html));
    expect(fromBytes.bytes).toBe(Buffer.byteLength(html));
    expect(fromBytes.bytes).toBeGreaterThan(html.length);
    expect(fromBytes.as('br').equals(fromText.as('br'))).toBe(true);
    expect(fromBytes.as('gzip').equals(fromText.as('gzip'))).toBe(true);
    const again = new EncodedBody(html, 'text/html; charset=utf-8', Buffer.from(html));
    expect((await again.asAsync('br')).equals(fromText.as('br'))).toBe(true);
    expect(brotliDecompressSync(fromBytes.as('br')).toString('utf8')).toBe(html);
  });
});

describe('cached listing answers, compressed once and reused', async () => {
  const app = await build({ listingCacheTtlMs: 60_000 });
  const owner = await createUser(app, { email: 'encoded-owner@baan.example' });
  await activateSubscription(app, owner.id);
  // A description long enough that even a one-listing answer is worth compressing (over 1 KB).
  const listing = await makeListing(app, owner.id, {
    title: 'Encoded condo near the river',
    location: 'Thonburi',
    description: 'A quiet riverside condo with a view of the boats. '.repeat(30),
  });
  for (let i = 0; i < 5; i++) await makeListing(app, owner.id);
  app.listingCache.clear();

  /** The JSON of an answer, decoded by its Content-Encoding. */
  const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const encoding = res.headers['content-encoding'];
    const raw =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    return JSON.parse(raw.toString('utf8'));
  };
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  for (const url of ['/api/properties', `/api/property/${listing.id}`])
    it(`${url}: brotli, gzip or plain as the client asks, all the same JSON`, async () => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const json = plain.json();

      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

      const gzip = await get(url, 'br;q=0, gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(json);
      // Security headers and the request id are on cached answers too.
      expect(gzip.headers['content-security-policy']).toContain("default-src 'self'");
      expect(gzip.headers['x-request-id']).toBeTruthy();
    });

  it('a write shows at once in the compressed answer too (no stale brotli copy)', async () => {
    const before = await get('/api/properties?q=Thonburi', 'br');
    expect(before.headers['content-encoding']).toBe('br');
    expect(decoded(before).payload.total).toBe(1);
    const hidden = await app.inject({
      method: 'DELETE',
      url: `/api/property/${listing.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(hidden.statusCode).toBe(200);
    const after = await get('/api/properties?q=Thonburi', 'br');
    expect(decoded(after).payload.total).toBe(0);
    expect((await get(`/api/property/${listing.id}`, 'br')).statusCode).toBe(404);
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await get('/api/properties?q=nothing-matches-this', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().payload.total).toBe(0);
  });

  it('never caches a refused search: the same bad URL is refused again, with its field error', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/properties?min_price=abc', 'br');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toMatchObject({ success: false, message: 'Please correct the search filters.' });
      expect(Object.keys(res.json().errors)).toEqual(['min_price']);
    }
  });

  it('answers two spellings of one search alike', async () => {
    const a = (await get('/api/properties?type=rent&page=1')).json();
    const b = (await get('/api/properties?page=1&type=rent')).json();
    expect(a.payload.items.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });
});
