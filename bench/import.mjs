/**
 * Bulk import throughput (issue 25, ADR 030, ADR 038): a generated Kyero v3 feed of BENCH_LISTINGS (5,000) properties
 * without photos, uploaded to the real app (PGlite in a throwaway DATA_DIR, in this process) and run by its durable
 * job; then the same feed again (every row unchanged). Then a second agent's feed of as many properties with one photo
 * each, served by a local HTTP server (a distinct 1280 × 853 JPEG of a drawn house per listing: the same picture with the listing's
 * number in a JPEG comment, so every photo is fetched, sniffed, converted and stored), and that feed again (unchanged,
 * no photo fetched). Reports listings per second (the import job's own run, and until every job it queued, such as the
 * saved-search matching of the new listings against BENCH_SAVED_SEARCHES buyers' searches, none by default), photos
 * fetched and the process's peak RSS.
 * BENCH_PHOTOS=0 skips the photo runs.
 * Run: npm run bench:import (node --import tsx). Writes bench/results/import.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 5000);
const PHOTOS = process.env.BENCH_PHOTOS !== '0';
/** BENCH_SAVED_SEARCHES: buyers' saved searches every new listing is matched against (10 instant, the rest daily); none by default. */
const SAVED_SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 0);

const { buildApp } = await import('../apps/api/src/app.ts');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { users, packages, imports, savedSearches } = await import('../apps/api/src/db/schema.ts');
const { activateSubscription } = await import('../apps/api/src/services/subscriptions/activate-subscription.ts');
const { asc, eq } = await import('drizzle-orm');
const sharp = (await import('sharp')).default;

const TYPES = ['villa', 'house', 'town house', 'land', 'apartment'];
function feed(n, photoBase = null, refPrefix = 'BENCH') {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><root><kyero><feed_version>3</feed_version></kyero>'];
  for (let i = 0; i < n; i++) {
    const type = TYPES[i % TYPES.length];
    parts.push(
      `<property><id>${i}</id><ref>${refPrefix}-${i}</ref><price>${2_000_000 + i * 1000}</price><currency>THB</currency>` +
        `<price_freq>${i % 3 === 0 ? 'month' : 'sale'}</price_freq><type>${type}</type><town>Rawai</town><province>Phuket</province>` +
        `<location><latitude>${(7.7 + (i % 100) / 1000).toFixed(4)}</latitude><longitude>98.32</longitude></location>` +
        `<beds>${1 + (i % 4)}</beds><baths>${1 + (i % 3)}</baths><surface_area><built>${60 + (i % 200)}</built><plot>${200 + (i % 500)}</plot></surface_area>` +
        (type === 'apartment' ? `<floor>${1 + (i % 30)}</floor>` : '') +
        `<desc><en>Generated property ${i} for the import benchmark.</en></desc>` +
        (photoBase ? `<images><image id="1"><url>${photoBase}/p/${i}.jpg</url></image></images>` : '') +
        '</property>',
    );
  }
  parts.push('</root>');
  return parts.join('');
}

/** One photo, made distinct per listing by a JPEG comment (COM segment) after the start marker. */
/** A drawn house under a sky (a real photo has more texture: more bytes and slower WebP encoding). */
const HOUSE = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="853"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#dfeaf5"/></linearGradient></defs><rect width="1280" height="853" fill="url(#s)"/><rect x="0" y="560" width="1280" height="293" fill="#7a9a5a"/><rect x="300" y="300" width="520" height="320" fill="#efe4d0"/><polygon points="260,310 560,140 860,310" fill="#a0522d"/><rect x="380" y="400" width="90" height="120" fill="#6b8fb3"/><rect x="650" y="400" width="90" height="120" fill="#6b8fb3"/><rect x="520" y="470" width="80" height="150" fill="#5a3a22"/><circle cx="1050" cy="150" r="70" fill="#fff3b0"/></svg>`;
const basePhoto = await sharp(Buffer.from(HOUSE)).blur(1.2).jpeg({ quality: 85 }).toBuffer();
function photo(n) {
  const text = Buffer.from(`baan bench photo ${n}`);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
  return Buffer.concat([basePhoto.subarray(0, 2), segment, basePhoto.subarray(2)]);
}
let photoRequests = 0;
const photoServer = http.createServer((req, res) => {
  const match = /^\/p\/(\d+)\.jpg$/.exec(req.url ?? '');
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  photoRequests += 1;
  const body = photo(Number(match[1]));
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
});
await new Promise((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
const photoBase = `http://127.0.0.1:${photoServer.address().port}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-bench-import-'));
let peakRss = 0;
const sample = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
try {
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MODERATION_NEW_OWNER_DAYS: '0',
      // The local photo server: a loopback address only a named host may be fetched from.
      IMPORT_ALLOWED_HOSTS: '127.0.0.1',
    }),
    logLevel: 'silent',
  };
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database });
  await app.ready();
  const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
  async function agent(email) {
    const [user] = await app.db
      .insert(users)
      .values({ name: 'Bench agent', email, passwordHash: '!', emailVerifiedAt: new Date() })
      .returning();
    await app.db.transaction((tx) =>
      activateSubscription(
        tx,
        {
          userId: user.id,
          packageId: pkg.id,
          durationDays: 30,
          amount: pkg.price,
          paymentMethod: 'test',
          paymentId: null,
          grantedBy: null,
        },
        new Date(),
      ),
    );
    return app.tokens.sign(user, false);
  }
  // Buyers' saved searches: a listing that goes live is matched against them (alerts.match).
  const QUERIES = [
    'type=sale&location=Phuket',
    'type=rent&location=Rawai',
    'type=sale&min_price=2500000&max_price=4000000',
    'type=rent&bedrooms=2',
    'type=sale&property_sub_type=villa',
    'type=sale&property_sub_type=land',
    'location=Bangkok',
    'type=rent&max_price=30000',
    'type=sale&bedrooms=3&location=Phuket',
    'property_sub_type=condo',
  ];
  if (SAVED_SEARCHES > 0) {
    const buyers = await app.db
      .insert(users)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          name: `Buyer ${i}`,
          email: `buyer${i}@import.test`,
          passwordHash: '!',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning();
    await app.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCHES }, (_, i) => ({
        userId: buyers[i % buyers.length].id,
        name: `Search ${i}`,
        query: `${QUERIES[i % QUERIES.length]}${i >= QUERIES.length ? `&min_area=${i}` : ''}`,
        frequency: i < 10 ? 'instant' : 'daily',
      })),
    );
  }
  const boundary = '----baanbench';
  const form = (xml) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feed.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      xml,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

  const plain = Buffer.from(feed(LISTINGS));
  const withPhotos = Buffer.from(feed(LISTINGS, photoBase, 'PHOTO'));
  const plainAgent = await agent('bench@import.test');
  const photoAgent = PHOTOS ? await agent('photos@import.test') : null;
  const plan = [
    ['no photos: first (creates)', plainAgent, plain],
    ['no photos: again (unchanged)', plainAgent, plain],
    ...(PHOTOS
      ? [
          ['one photo each: first (creates, fetches)', photoAgent, withPhotos],
          ['one photo each: again (unchanged)', photoAgent, withPhotos],
        ]
      : []),
  ];

  const runs = [];
  for (const [label, token, xml] of plan) {
    const rssBefore = peakRss;
    const requestsBefore = photoRequests;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/imports',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form(xml),
    });
    if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    const { id } = res.json().payload;
    await app.jobs.drain();
    const seconds = (performance.now() - started) / 1000;
    const [row] = await app.db.select().from(imports).where(eq(imports.id, id));
    const runSeconds = (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000;
    const report = (
      await app.inject({ method: 'GET', url: `/api/user/imports/${id}`, headers: { authorization: `Bearer ${token}` } })
    ).json().payload;
    const run = {
      label,
      status: report.status,
      counts: report.counts,
      importRunSeconds: Number(runSeconds.toFixed(2)),
      importRunListingsPerSecond: Math.round(LISTINGS / runSeconds),
      secondsUntilAllJobsDone: Number(seconds.toFixed(2)),
      listingsPerSecond: Math.round(LISTINGS / seconds),
      photosFetched: photoRequests - requestsBefore,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      peakRssBeforeMb: Math.round(rssBefore / 1024 / 1024),
      firstRefusal: report.items.find((item) => item.outcome === 'failed') ?? null,
      firstPhotoError: report.items.find((item) => item.errors?.photo_urls) ?? null,
    };
    runs.push(run);
    console.log(JSON.stringify(run));
  }
  await app.close();
  await database.close();
  const result = {
    listings: LISTINGS,
    savedSearches: SAVED_SEARCHES,
    feedBytes: plain.length,
    photoBytes: basePhoto.length,
    runs,
    load: loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
    at: new Date().toISOString(),
  };
  writeFileSync(path.join(import.meta.dirname, 'results', 'import.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
} finally {
  clearInterval(sample);
  photoServer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
