import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports, properties, savedSearchHits } from '../src/db/schema.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { body, build, type TestApp } from './helpers.ts';

const HEADER =
  'external_ref,type,user_type,property_type,property_sub_type,title,description,location,price,area,level,bed_rooms,bath_rooms,kitchen,floors,is_featured';

type Row = { ref: string; title?: string; price?: number; featured?: boolean; subType?: string };
const line = ({ ref, title = `Condo ${ref}`, price = 20_000, featured = false, subType = 'condo' }: Row) =>
  `${ref},rent,agent,residential,${subType},"${title.replaceAll('"', '""')}",A bright unit near the BTS.,"Thong Lo, Bangkok",${price},40,5,1,1,1,1,${featured ? 1 : 0}`;
const csv = (rows: Row[], header = HEADER) => `${header}\n${rows.map(line).join('\n')}\n`;

function multipart(file: string | Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = '----baanimport';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Detail = {
  id: number;
  status: string;
  error: string | null;
  counts: Record<string, number>;
  progress: { done: number; total: number | null };
  items: { row: number | null; ref: string | null; outcome: string; errors: Record<string, string[]> }[];
};

let app: TestApp;
let owner: { id: number; token: string };
const auth = (token = owner.token, lang = 'en') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });

async function upload(file: string | Buffer, fields: Record<string, string> = {}, filename = 'listings.csv') {
  const form = multipart(file, filename, fields);
  return app.inject({
    method: 'POST',
    url: '/api/user/imports',
    headers: { ...auth(), ...form.headers },
    payload: form.payload,
  });
}

async function report(id: number, lang = 'en'): Promise<Detail> {
  const res = await app.inject({ method: 'GET', url: `/api/user/imports/${id}`, headers: auth(owner.token, lang) });
  expect(res.statusCode).toBe(200);
  return body<{ payload: Detail }>(res).payload;
}

/** Uploads, runs the job to its end, answers the report. */
async function importFile(file: string | Buffer, fields: Record<string, string> = {}, lang = 'en') {
  const res = await upload(file, fields);
  expect(res.statusCode, res.body).toBe(202);
  const { id, status } = body<{ payload: { id: number; status: string } }>(res).payload;
  expect(status).toBe('queued');
  await app.jobs.drain();
  return report(id, lang);
}

const ownListings = () =>
  app.db.select().from(properties).where(eq(properties.userId, owner.id)).orderBy(properties.id);

beforeAll(async () => {
  app = await build({
    imports: { allowedHosts: ['feed.test'], maxBytes: 2 * 1024 * 1024, timeoutMs: 5_000, maxRows: 50 },
  });
  owner = await createUser(app, { email: 'agent@imports.test' });
  await activateSubscription(app, owner.id);
});

describe('the template and the call', () => {
  it('serves the template: external_ref first, photo_urls last, one example row', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/imports/template.csv', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, example] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header?.startsWith('"external_ref","type"')).toBe(true);
    expect(header?.endsWith('"photo_urls"')).toBe(true);
    expect(example).toContain('"AG-1001"');
  });

  it('asks for a login', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/imports' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an owner without an active package before reading the file, and stores nothing', async () => {
    const other = await createUser(app, { email: 'nopackage@imports.test' });
    const form = multipart(csv([{ ref: 'N-1' }]), 'a.csv');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/imports',
      headers: { authorization: `Bearer ${other.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(await app.db.select().from(imports).where(eq(imports.userId, other.id))).toHaveLength(0);
  });

  it('refuses a file that is not text (an image) with 415', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const res = await upload(png, {}, 'photo.csv');
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over IMPORT_MAX_MB with 413 (the limit itself passes)', async () => {
    const big = `${HEADER}\n${'x'.repeat(2 * 1024 * 1024)}`;
    expect((await upload(big)).statusCode).toBe(413);
  });

  it('answers 404 for another owner’s import', async () => {
    const first = await importFile(csv([{ ref: 'OWN-1' }]));
    const stranger = await createUser(app, { email: 'stranger@imports.test' });
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/api/user/imports/${first.id}`,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('a CSV import', () => {
  it('keeps an uploaded file private until its run: never served under /uploads, removed after the run', async () => {
    const res = await upload(csv([{ ref: 'P-1' }]));
    expect(res.statusCode, res.body).toBe(202);
    const { id } = body<{ payload: { id: number } }>(res).payload;
    const [row] = await app.db.select({ fileKey: imports.fileKey }).from(imports).where(eq(imports.id, id));
    const key = row?.fileKey ?? '';
    expect(key.startsWith('private/imports/')).toBe(true);
    expect(await app.storage.get(key)).not.toBeNull();
    const served = await app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(404);
    await app.jobs.drain();
    expect(await app.storage.get(key)).toBeNull();
  });

  it('creates the valid rows, refuses the others with the wizard’s reasons, and reports each row', async () => {
    const file = csv([{ ref: 'A-1' }, { ref: 'A-2', price: 0 }, { ref: 'A-3' }]);
    const result = await importFile(file);
    expect(result.status).toBe('done');
    expect(result.counts).toEqual({ created: 2, updated: 0, unchanged: 0, paused: 0, failed: 1 });
    expect(result.progress).toEqual({ done: 3, total: 3 });
    const refused = result.items.find((i) => i.outcome === 'failed');
    expect(refused).toMatchObject({ row: 2, ref: 'A-2' });
    expect(refused?.errors.price?.[0]).toMatch(/price must be at least 1/);
    const rows = await ownListings();
    expect(rows.filter((r) => r.externalRef?.startsWith('A-')).map((r) => r.externalRef)).toEqual(['A-1', 'A-3']);
  });

  it('is idempotent: the same file again changes nothing, a changed row updates its listing', async () => {
    const file = csv([{ ref: 'B-1' }, { ref: 'B-2' }]);
    await importFile(file);
    const before = await ownListings();
    const again = await importFile(file);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    const same = await ownListings();
    expect(same).toEqual(before);

    const changed = await importFile(csv([{ ref: 'B-1', price: 25_000 }, { ref: 'B-2' }]));
    expect(changed.counts).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = await ownListings();
    expect(after).toHaveLength(before.length);
    expect(after.find((r) => r.externalRef === 'B-1')?.price).toBe(25_000);
  });

  it('matches the listings it makes live against saved searches (one match job per batch of rows)', async () => {
    const buyer = await createUser(app, { email: 'buyer@imports.test' });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/user/saved-searches',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { name: 'Thong Lo rentals', query: 'type=rent&location=Thong+Lo', frequency: 'instant' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const searchId = body<{ payload: { id: number } }>(saved).payload.id;
    // The owner's own search never alerts them to their own listings.
    const own = await app.inject({
      method: 'POST',
      url: '/api/user/saved-searches',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'My rentals', query: 'type=rent', frequency: 'instant' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = body<{ payload: { id: number } }>(own).payload.id;
    // A search for sales matches none of these rentals.
    const sales = await app.inject({
      method: 'POST',
      url: '/api/user/saved-searches',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { name: 'Sales', query: 'type=sale', frequency: 'daily' },
    });
    const salesId = body<{ payload: { id: number } }>(sales).payload.id;
    await importFile(csv([{ ref: 'AL-1' }, { ref: 'AL-2' }]));
    const made = (await ownListings()).filter((r) => r.externalRef?.startsWith('AL-')).map((r) => r.id);
    const hits = await app.db.select().from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, searchId));
    expect(hits.map((h) => h.propertyId).sort()).toEqual(made.sort());
    for (const other of [ownId, salesId])
      expect(await app.db.select().from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, other))).toEqual([]);
    // The instant search's mail went out with both listings (its send job ran in the drain).
    const sent = await app.db.select().from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, searchId));
    expect(sent.every((h) => h.sentAt !== null)).toBe(true);
  });

  it('reads a ref twice in one file only once', async () => {
    const result = await importFile(csv([{ ref: 'D-1' }, { ref: 'D-1', price: 30_000 }]));
    expect(result.counts).toMatchObject({ created: 1, failed: 1 });
    expect(result.items.find((i) => i.outcome === 'failed')?.errors.external_ref?.[0]).toMatch(/earlier in the same/);
  });

  it('a full import pauses the imported listings the file no longer has, never a hand-made one', async () => {
    const handMade = await makeListing(app, owner.id, { title: 'Made by hand' });
    await importFile(csv([{ ref: 'F-1' }, { ref: 'F-2' }]));
    // Partial: F-2 missing changes nothing.
    const partial = await importFile(csv([{ ref: 'F-1' }]), { mode: 'partial' });
    expect(partial.counts.paused).toBe(0);
    const full = await importFile(csv([{ ref: 'F-1' }]), { mode: 'full' });
    expect(full.counts.paused).toBeGreaterThanOrEqual(1);
    expect(full.items.filter((i) => i.outcome === 'paused').map((i) => i.ref)).toContain('F-2');
    const rows = await ownListings();
    expect(rows.find((r) => r.externalRef === 'F-2')?.status).toBe('paused');
    expect(rows.find((r) => r.externalRef === 'F-1')?.status).toBe('active');
    expect(rows.find((r) => r.id === handMade.id)?.status).toBe('active');
    expect(rows.find((r) => r.id === handMade.id)?.updatedAt).toEqual(handMade.updatedAt);
  });

  it('holds the featured quota: featured rows beyond the package are refused with a reason, the rest imported', async () => {
    // The cheapest package features none.
    const result = await importFile(csv([{ ref: 'Q-1', featured: true }, { ref: 'Q-2' }]));
    expect(result.counts).toMatchObject({ created: 1, failed: 1 });
    const refused = result.items.find((i) => i.outcome === 'failed');
    expect(refused?.ref).toBe('Q-1');
    expect(refused?.errors.is_featured?.[0]).toMatch(/feature/i);
    const rows = await ownListings();
    expect(rows.some((r) => r.externalRef === 'Q-1')).toBe(false);
  });

  it('refuses a formula cell (in the owner’s language) and reads an apostrophe-escaped one as text', async () => {
    const result = await importFile(
      csv([
        { ref: 'X-1', title: '=HYPERLINK("http://evil.example","click")' },
        { ref: 'X-2', title: "'=1+1 bargain" },
        { ref: 'X-3', title: '@SUM(A1)' },
      ]),
      {},
      'th',
    );
    expect(result.counts).toMatchObject({ created: 1, failed: 2 });
    const x1 = result.items.find((i) => i.ref === 'X-1');
    expect(x1?.errors.title?.[0]).toContain('สูตร');
    const rows = await ownListings();
    expect(rows.find((r) => r.externalRef === 'X-2')?.title).toBe('=1+1 bargain');
    expect(rows.some((r) => r.externalRef === 'X-1' || r.externalRef === 'X-3')).toBe(false);
  });

  it('exports every own listing in the template’s columns, and importing the export back changes nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/properties.csv', headers: auth() });
    expect(res.statusCode).toBe(200);
    const before = await ownListings();
    expect(res.body).toContain('"\'=1+1 bargain"');
    const back = await importFile(res.body);
    expect(back.status).toBe('done');
    const imported = before.filter((r) => r.externalRef).length;
    const handMade = before.length - imported;
    expect(back.counts).toEqual({ created: 0, updated: 0, unchanged: imported, paused: 0, failed: handMade });
    expect(await ownListings()).toEqual(before);
  });

  it('ends a 100,000-row file with a clear report after IMPORT_MAX_ROWS, before any listing changes', async () => {
    const huge = `external_ref\n${Array.from({ length: 100_000 }, (_, i) => `H-${i}`).join('\n')}\n`;
    const before = (await ownListings()).length;
    const result = await importFile(huge);
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/more than 50 rows/);
    expect((await ownListings()).length).toBe(before);
  });

  it('ends a CSV with a broken quote with a clear report', async () => {
    const result = await importFile(`${HEADER}\n${line({ ref: 'Z-1' })}\nZ-2,rent,"unterminated\n`);
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/could not be read to its end/);
  });

  it('refuses a header with an unknown column', async () => {
    const result = await importFile(`external_ref,prise\nU-1,100\n`);
    expect(result.status).toBe('failed');
    expect(result.error).toContain('prise');
  });
});

const kyero = (properties: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><root><kyero><feed_version>3</feed_version></kyero>${properties}</root>`;
const kyeroProperty = (ref: string, extra = '') =>
  `<property><id>${ref}</id><ref>${ref}</ref><price>4500000</price><currency>THB</currency><price_freq>sale</price_freq>` +
  `<type>villa</type><town>Rawai</town><province>Phuket</province><location><latitude>7.78</latitude><longitude>98.32</longitude></location>` +
  `<beds>3</beds><baths>2</baths><surface_area><built>180</built><plot>400</plot></surface_area>` +
  `<desc><en>Pool villa &amp; garden</en><th>พูลวิลล่า</th></desc><images><image id="1"><url>https://img.example/1.jpg</url></image></images>${extra}</property>`;

describe('a Kyero v3 feed', () => {
  it('imports its properties by ref', async () => {
    const result = await importFile(kyero(kyeroProperty('K-1') + kyeroProperty('K-2')), {}, 'en');
    expect(result.counts).toMatchObject({ created: 2, failed: 0 });
    const row = (await ownListings()).find((r) => r.externalRef === 'K-1');
    expect(row).toMatchObject({ type: 'sale', propertySubType: 'villa', price: 4_500_000, area: 180, lotArea: 400 });
    expect(row?.description).toBe('Pool villa & garden');
    const again = await importFile(kyero(kyeroProperty('K-1') + kyeroProperty('K-2')));
    expect(again.counts).toMatchObject({ unchanged: 2 });
  });

  it('refuses a property in another currency', async () => {
    const result = await importFile(
      kyero(kyeroProperty('K-9').replace('<currency>THB</currency>', '<currency>EUR</currency>')),
    );
    expect(result.counts.failed).toBe(1);
    expect(result.items[0]?.errors.price?.[0]).toMatch(/Thai baht/);
  });

  it('ends broken XML with a clear report and changes nothing', async () => {
    const before = await ownListings();
    const result = await importFile(kyero(kyeroProperty('K-3')).replace('</root>', '<property><ref>K-4</ref></pro'));
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/could not be read to its end/);
    expect(await ownListings()).toEqual(before);
  });

  it('leaves "billion laughs" unexpanded: the entity declarations refuse the file at once', async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">${Array.from(
      { length: 8 },
      (_, i) => `<!ENTITY lol${i + 3} "${Array.from({ length: 10 }, () => `&lol${i + 2};`).join('')}">`,
    ).join('')}]><root><property><ref>&lol9;</ref></property></root>`;
    const started = Date.now();
    const result = await importFile(lol, {}, 'en');
    expect(result.status).toBe('failed');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.counts.created).toBe(0);
  });
});

describe('a feed fetched by URL', () => {
  let server: http.Server;
  let port = 0;
  const routes = new Map<string, (res: http.ServerResponse) => void>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const handle = routes.get(req.url ?? '');
      if (handle) handle(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    routes.set('/feed.xml', (res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(kyero(kyeroProperty('U-1'))),
    );
    routes.set('/two.xml', (res) => res.writeHead(200).end(kyero(kyeroProperty('W-1') + kyeroProperty('W-2'))));
    // W-1 arrives whole, then the document breaks: a full feed read only in part must pause nothing.
    routes.set('/broken.xml', (res) =>
      res.writeHead(200).end(kyero(kyeroProperty('W-1')).replace('</root>', '<property><ref>')),
    );
    routes.set('/to-loopback', (res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/feed.xml` }).end());
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/user/imports', headers: auth(), payload });

  it('refuses a URL that is not http(s), or an IP literal on a private network, with 400 and stores nothing', async () => {
    const before = await app.db.select().from(imports);
    for (const url of [
      'ftp://feed.example/feed.xml',
      `http://127.0.0.1:${port}/feed.xml`,
      'http://[::ffff:10.0.0.1]/',
    ]) {
      const res = await post({ url, format: 'kyero_v3' });
      expect(res.statusCode, url).toBe(400);
    }
    expect(await app.db.select().from(imports)).toHaveLength(before.length);
  });

  it('fetches a feed from a host IMPORT_ALLOWED_HOSTS names, on its schedule, until it is stopped', async () => {
    app.importFetch.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const realNow = app.clock.now;
    let now = new Date();
    app.clock.now = () => now;
    try {
      const res = await post({ url: `http://feed.test:${port}/feed.xml`, format: 'kyero_v3', schedule: 'hourly' });
      expect(res.statusCode, res.body).toBe(202);
      const { id } = body<{ payload: { id: number } }>(res).payload;
      await app.jobs.drain();
      const first = await report(id);
      expect(first.status).toBe('done');
      expect(first.counts.created).toBe(1);

      // An hour later the feed runs again (nothing changed in it).
      now = new Date(now.getTime() + 61 * 60_000);
      await app.jobs.drain();
      const second = await report(id);
      expect(second.counts).toMatchObject({ created: 0, unchanged: 1 });

      const stop = await app.inject({ method: 'DELETE', url: `/api/user/imports/${id}`, headers: auth() });
      expect(stop.statusCode).toBe(200);
      const [row] = await app.db.select().from(imports).where(eq(imports.id, id));
      expect(row?.nextRunAt).toBeNull();
      const finishedAt = row?.finishedAt;
      now = new Date(now.getTime() + 2 * 61 * 60_000);
      await app.jobs.drain();
      const [later] = await app.db.select().from(imports).where(eq(imports.id, id));
      expect(later?.finishedAt).toEqual(finishedAt);
    } finally {
      app.clock.now = realNow;
      app.importFetch.resolve = undefined;
    }
  });

  it('pauses nothing when a full feed breaks part way (the rows read before are reported)', async () => {
    app.importFetch.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    try {
      const run = async (path: string) => {
        const res = await post({ url: `http://feed.test:${port}${path}`, format: 'kyero_v3', mode: 'full' });
        const { id } = body<{ payload: { id: number } }>(res).payload;
        await app.jobs.drain();
        return report(id);
      };
      expect((await run('/two.xml')).counts.created).toBe(2);
      const broken = await run('/broken.xml');
      expect(broken.status).toBe('failed');
      expect(broken.counts).toMatchObject({ unchanged: 1, paused: 0 });
      const rows = await ownListings();
      expect(rows.find((r) => r.externalRef === 'W-2')?.status).toBe('active');
    } finally {
      app.importFetch.resolve = undefined;
    }
  });

  it('refuses a redirect to 127.0.0.1 even from an allowed host', async () => {
    app.importFetch.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    try {
      const res = await post({ url: `http://feed.test:${port}/to-loopback`, format: 'kyero_v3' });
      const { id } = body<{ payload: { id: number } }>(res).payload;
      await app.jobs.drain();
      const result = await report(id);
      expect(result.status).toBe('failed');
      expect(result.error).toMatch(/private or local network/);
    } finally {
      app.importFetch.resolve = undefined;
    }
  });

  it('refuses a name that resolves to a private address', async () => {
    app.importFetch.resolve = async () => [{ address: '10.1.2.3', family: 4 }];
    try {
      const res = await post({ url: `http://innocent.example:${port}/feed.xml`, format: 'kyero_v3' });
      const { id } = body<{ payload: { id: number } }>(res).payload;
      await app.jobs.drain();
      const result = await report(id);
      expect(result.status).toBe('failed');
      expect(result.error).toMatch(/private or local network/);
      const [row] = await app.db
        .select()
        .from(properties)
        .where(and(eq(properties.userId, owner.id), eq(properties.externalRef, 'U-1'), isNull(properties.lat)));
      expect(row).toBeUndefined();
    } finally {
      app.importFetch.resolve = undefined;
    }
  });
});

describe('rental terms in an import', () => {
  const TERMS_HEADER = `${HEADER},deposit_months,advance_months,min_lease_months,furnishing,pets_allowed,electricity,electricity_rate`;
  const termsLine = (ref: string, terms: string) => `${line({ ref })},${terms}`;

  it('creates rentals with their terms, refuses a row past a limit, and clears terms a later run leaves blank', async () => {
    const first = await importFile(
      `${TERMS_HEADER}\n${termsLine('RT-1', '2,1,12,furnished,1,building,7.5')}\n${termsLine('RT-2', '13,1,12,,,,')}\n`,
    );
    expect(first.counts).toMatchObject({ created: 1, failed: 1 });
    expect(first.items.find((item) => item.ref === 'RT-2')?.errors).toHaveProperty('deposit_months');
    const [created] = (await ownListings()).filter((r) => r.externalRef === 'RT-1');
    expect(created).toMatchObject({ depositMonths: 2, advanceMonths: 1, minLeaseMonths: 12, furnishing: 'furnished' });
    expect(created?.petsAllowed).toBe(true);
    expect(Number(created?.electricityRate)).toBe(7.5);

    const again = await importFile(`${TERMS_HEADER}\n${termsLine('RT-1', '2,1,12,furnished,1,building,7.5')}\n`);
    expect(again.counts).toMatchObject({ unchanged: 1 });
    const cleared = await importFile(`${TERMS_HEADER}\n${termsLine('RT-1', '3,1,12,,,government,')}\n`);
    expect(cleared.counts).toMatchObject({ updated: 1 });
    const [updated] = (await ownListings()).filter((r) => r.externalRef === 'RT-1');
    expect(updated).toMatchObject({ depositMonths: 3, furnishing: null, petsAllowed: null, electricity: 'government' });
    expect(updated?.electricityRate).toBeNull();
  });
});
