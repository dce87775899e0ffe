import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_PHOTOS } from '@baan/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyImages } from '../src/db/schema.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { body, build, type TestApp } from './helpers.ts';

/**
 * Photos of an import's `photo_urls` (ADR 038): a local HTTP server stands for the agency's photo host (named in
 * IMPORT_ALLOWED_HOSTS, resolved to 127.0.0.1 by the injected resolver), fetched through the SSRF checks and then the
 * upload's own image pipeline.
 */

const HEADER =
  'external_ref,type,user_type,property_type,property_sub_type,title,description,location,price,area,level,bed_rooms,bath_rooms,kitchen,floors,photo_urls';
const line = (ref: string, urls: string[], price = 20_000) =>
  `${ref},rent,agent,residential,condo,Condo ${ref},A bright unit near the BTS.,"Thong Lo, Bangkok",${price},40,5,1,1,1,1,"${urls.join(' ')}"`;
const csv = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;

let app: TestApp;
let owner: { id: number; token: string };
let server: http.Server;
let base = '';
const hits = new Map<string, number>();
const files = new Map<string, { type: string; body: Buffer } | ((res: http.ServerResponse) => void)>();

const url = (path: string) => `${base}${path}`;
const hitsOf = (path: string) => hits.get(path) ?? 0;
const totalHits = () => [...hits.values()].reduce((a, b) => a + b, 0);

/** A small picture with some structure, distinct per seed. */
const picture = (seed: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="420"><rect width="700" height="420" fill="rgb(${seed * 40},120,200)"/><circle cx="${100 + seed * 50}" cy="200" r="90" fill="#fff"/></svg>`,
    ),
  )
    .toFormat(format)
    .toBuffer();

type Detail = {
  id: number;
  status: string;
  counts: Record<string, number>;
  items: { row: number | null; ref: string | null; outcome: string; errors: Record<string, string[]> }[];
};

async function importFile(file: string, lang = 'en'): Promise<Detail> {
  const boundary = '----baanphotos';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="listings.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/imports',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = body<{ payload: { id: number } }>(res).payload;
  await app.jobs.drain();
  const report = await app.inject({
    method: 'GET',
    url: `/api/user/imports/${id}`,
    headers: { authorization: `Bearer ${owner.token}`, 'accept-language': lang },
  });
  return body<{ payload: Detail }>(report).payload;
}

async function listing(ref: string) {
  const [row] = await app.db.select().from(properties).where(eq(properties.externalRef, ref));
  if (!row) throw new Error(`no listing ${ref}`);
  const images = await app.db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, row.id))
    .orderBy(propertyImages.sortOrder);
  return { row, images };
}

beforeAll(async () => {
  app = await build({
    imports: { allowedHosts: ['photos.test'], maxBytes: 2 * 1024 * 1024, timeoutMs: 5_000, maxRows: 50 },
  });
  // photos.test is the local server (allowed by name); evil.test is a public-looking name with a private address.
  app.importFetch.resolve = async (host) =>
    host === 'evil.test' ? [{ address: '10.1.2.3', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
  owner = await createUser(app, { email: 'photos@imports.test' });
  await activateSubscription(app, owner.id);

  files.set('/a.jpg', { type: 'image/jpeg', body: await picture(1) });
  files.set('/b.png', { type: 'image/png', body: await picture(2, 'png') });
  files.set('/c.jpg', { type: 'image/jpeg', body: await picture(3) });
  files.set('/d.jpg', { type: 'image/jpeg', body: await picture(4) });
  // The same bytes as /c.jpg under another address: stored once.
  files.set('/c-copy.jpg', { type: 'image/jpeg', body: await picture(3) });
  files.set('/page.jpg', {
    type: 'image/jpeg',
    body: Buffer.from('<!doctype html><html><body>Not a photo</body></html>'),
  });
  files.set('/to-loopback.jpg', (res) => res.writeHead(302, { location: `http://127.0.0.1:${port()}/a.jpg` }).end());
  files.set('/huge.jpg', (res) => {
    // Declares more than MAX_PHOTO_BYTES (50 MB): refused from the header, before the body.
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(51 * 1024 * 1024) });
    res.write(Buffer.alloc(1024));
  });
  server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (!file) res.writeHead(404).end();
    else if (typeof file === 'function') file(res);
    else res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://photos.test:${port()}`;
});

const port = () => (server.address() as AddressInfo).port;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.close();
});

describe('photos by URL', () => {
  it('fetches each photo and stores it through the upload pipeline: WebP variants, cover first, its URL kept', async () => {
    const result = await importFile(csv([line('PH-1', [url('/a.jpg'), url('/b.png')])]));
    expect(result.counts).toMatchObject({ created: 1, failed: 0 });
    expect(result.items[0]?.errors).toEqual({});
    const { images } = await listing('PH-1');
    expect(images.map((i) => i.sourceUrl)).toEqual([url('/a.jpg'), url('/b.png')]);
    expect(images.map((i) => i.isCover)).toEqual([true, false]);
    for (const image of images) {
      expect(image.storageKey).toMatch(/^listings\/imported-[0-9a-f]{40}$/);
      expect(image.widths).toEqual([320, 640, 700]);
      expect(image.phash).toMatch(/^[0-9a-f]{16}$/);
      for (const w of image.widths) {
        const file = await app.storage.get(`${image.storageKey}-${w}.webp`);
        expect(file?.contentType).toBe('image/webp');
        file?.body.resume();
      }
    }
  });

  it('fetches a URL two rows share once, and stores one content once (two URLs, same bytes)', async () => {
    const before = hitsOf('/c.jpg');
    const result = await importFile(
      csv([line('PH-2', [url('/c.jpg')]), line('PH-3', [url('/c.jpg')]), line('PH-4', [url('/c-copy.jpg')])]),
    );
    expect(result.counts).toMatchObject({ created: 3, failed: 0 });
    expect(hitsOf('/c.jpg') - before).toBe(1);
    const keys = await Promise.all(
      ['PH-2', 'PH-3', 'PH-4'].map(async (ref) => (await listing(ref)).images[0]?.storageKey),
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('a second import of the same file fetches nothing and changes nothing (unchanged)', async () => {
    const file = csv([
      line('PH-1', [url('/a.jpg'), url('/b.png')]),
      line('PH-2', [url('/c.jpg')]),
      line('PH-3', [url('/c.jpg')]),
      line('PH-4', [url('/c-copy.jpg')]),
    ]);
    const before = totalHits();
    const images = await app.db.select().from(propertyImages).orderBy(propertyImages.id);
    const result = await importFile(file);
    expect(result.counts).toMatchObject({ unchanged: 4, updated: 0, created: 0, failed: 0 });
    expect(totalHits()).toBe(before);
    expect(await app.db.select().from(propertyImages).orderBy(propertyImages.id)).toEqual(images);
  });

  it('changed photo_urls update the listing’s photos (a kept one is not fetched again); a deleted listing leaves shared files', async () => {
    const before = hitsOf('/b.png');
    const result = await importFile(csv([line('PH-1', [url('/d.jpg'), url('/b.png')])]));
    expect(result.counts).toMatchObject({ updated: 1 });
    expect(hitsOf('/b.png')).toBe(before);
    const { images } = await listing('PH-1');
    expect(images.map((i) => i.sourceUrl)).toEqual([url('/d.jpg'), url('/b.png')]);
    expect(images[0]?.isCover).toBe(true);
    // The photo PH-1 no longer shows keeps its files until the sweep (they are shared by content).
    const shared = (await listing('PH-2')).images[0];
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/property/${(await listing('PH-3')).row.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(del.statusCode).toBeLessThan(300);
    expect(await app.storage.exists(`${shared?.storageKey}-320.webp`)).toBe(true);
  });

  it('exports the photos’ URLs so that importing the export back fetches nothing and changes nothing', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/properties.csv',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"${url('/d.jpg')} ${url('/b.png')}"`);
    const before = totalHits();
    const result = await importFile(res.body);
    expect(result.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(result.counts.unchanged).toBeGreaterThan(0);
    expect(totalHits()).toBe(before);
  });
  it('a photo the owner added by hand is exported as its own URL: importing the export back keeps it, fetches nothing', async () => {
    const { row } = await listing('PH-2');
    const fd = new FormData();
    fd.append('images[0]', new Blob([new Uint8Array(await picture(5))]), 'mine.jpg');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/property/${row.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: fd,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const before = await listing('PH-2');
    expect(before.images.map((i) => i.sourceUrl)).toEqual([url('/c.jpg'), null]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/properties.csv',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const exported = res.body.split('\r\n').find((l) => l.startsWith('"PH-2"')) ?? '';
    const handUrl = `${before.images[1]?.storageKey}-700.webp`;
    expect(exported).toContain(`"${url('/c.jpg')} `);
    expect(exported).toContain(handUrl);
    const hits = totalHits();
    const result = await importFile(res.body);
    expect(result.items.find((i) => i.ref === 'PH-2')?.outcome).toBe('unchanged');
    expect(totalHits()).toBe(hits);
    expect((await listing('PH-2')).images).toEqual(before.images);
  });
});

describe('a photo that cannot be had', () => {
  const reasons = async (ref: string, path: string, lang = 'en') => {
    const result = await importFile(
      csv([line(ref, [url('/a.jpg'), path.startsWith('http') ? path : url(path)])]),
      lang,
    );
    const item = result.items[0];
    // The listing is imported with the photos that could be had; each refused one is reported on photo_urls.
    expect(item?.outcome).toBe('created');
    expect((await listing(ref)).images.map((i) => i.sourceUrl)).toEqual([url('/a.jpg')]);
    return item?.errors.photo_urls ?? [];
  };

  it('refuses a photo URL that redirects to 127.0.0.1 (not an allowed host)', async () => {
    const before = hitsOf('/a.jpg');
    const [reason] = await reasons('BAD-1', '/to-loopback.jpg');
    expect(reason).toMatch(/to-loopback\.jpg was not imported: the address leads to a private or local network/);
    // The redirect was not followed: /a.jpg was fetched once, for the row's own first photo.
    expect(hitsOf('/a.jpg') - before).toBe(1);
  });

  it('refuses a name that resolves to a private address', async () => {
    const [reason] = await reasons('BAD-2', 'http://evil.test/photo.jpg');
    expect(reason).toMatch(/evil\.test\/photo\.jpg was not imported: the address leads to a private or local network/);
  });

  it('refuses content that is not an image, whatever its name and type say', async () => {
    const [reason] = await reasons('BAD-3', '/page.jpg');
    expect(reason).toMatch(/not a JPEG, PNG or GIF image/);
  });

  it('refuses a photo over 50 MB', async () => {
    const [reason] = await reasons('BAD-4', '/huge.jpg');
    expect(reason).toMatch(/larger than 50 MB/);
  });

  it('reports a missing photo (404) in the owner’s language', async () => {
    const [reason] = await reasons('BAD-5', '/missing.jpg', 'th');
    expect(reason).toContain('ไม่ได้นำเข้ารูปภาพ');
    expect(reason).toContain('404');
  });

  it('keeps at most MAX_PHOTOS photos and says how many addresses were left out', async () => {
    const urls = Array.from({ length: MAX_PHOTOS + 2 }, (_, i) => url(`/a.jpg?n=${i}`));
    const result = await importFile(csv([line('MANY-1', urls)]));
    expect(result.items[0]?.outcome).toBe('created');
    expect(result.items[0]?.errors.photo_urls?.[0]).toMatch(/at most 20 photos; the last 2 addresses/);
    expect((await listing('MANY-1')).images).toHaveLength(MAX_PHOTOS);
  });

  it('a photo that still fails leaves the listing unchanged on the next run (and is tried again)', async () => {
    const file = csv([line('BAD-5', [url('/a.jpg'), url('/missing.jpg')])]);
    const before = hitsOf('/missing.jpg');
    const result = await importFile(file);
    expect(result.items[0]?.outcome).toBe('unchanged');
    expect(result.items[0]?.errors.photo_urls?.[0]).toMatch(/answered with an error/);
    expect(hitsOf('/missing.jpg') - before).toBe(1);
    expect((await listing('BAD-5')).images).toHaveLength(1);
  });
});
