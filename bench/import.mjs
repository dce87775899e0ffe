/**
 * Bulk import throughput (issue 25, ADR 030): a generated Kyero v3 feed of BENCH_LISTINGS (5,000) properties without
 * photos, uploaded to the real app (PGlite in a throwaway DATA_DIR, in this process) and run by its durable job; then
 * the same feed again (every row unchanged). Reports listings per second and the process's peak RSS.
 * Run: npm run bench:import (node --import tsx). Writes bench/results/import.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 5000);

const { buildApp } = await import('../apps/api/src/app.ts');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { users, packages } = await import('../apps/api/src/db/schema.ts');
const { activateSubscription } = await import('../apps/api/src/services/subscriptions/activate-subscription.ts');
const { asc } = await import('drizzle-orm');

const TYPES = ['villa', 'house', 'town house', 'land', 'apartment'];
function feed(n) {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><root><kyero><feed_version>3</feed_version></kyero>'];
  for (let i = 0; i < n; i++) {
    const type = TYPES[i % TYPES.length];
    parts.push(
      `<property><id>${i}</id><ref>BENCH-${i}</ref><price>${2_000_000 + i * 1000}</price><currency>THB</currency>` +
        `<price_freq>${i % 3 === 0 ? 'month' : 'sale'}</price_freq><type>${type}</type><town>Rawai</town><province>Phuket</province>` +
        `<location><latitude>${(7.7 + (i % 100) / 1000).toFixed(4)}</latitude><longitude>98.32</longitude></location>` +
        `<beds>${1 + (i % 4)}</beds><baths>${1 + (i % 3)}</baths><surface_area><built>${60 + (i % 200)}</built><plot>${200 + (i % 500)}</plot></surface_area>` +
        (type === 'apartment' ? `<floor>${1 + (i % 30)}</floor>` : '') +
        `<desc><en>Generated property ${i} for the import benchmark.</en></desc></property>`,
    );
  }
  parts.push('</root>');
  return parts.join('');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-bench-import-'));
let peakRss = 0;
const sample = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
try {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, MODERATION_NEW_OWNER_DAYS: '0' }),
    logLevel: 'silent',
  };
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database });
  await app.ready();
  const [user] = await app.db
    .insert(users)
    .values({ name: 'Bench agent', email: 'bench@import.test', passwordHash: '!', emailVerifiedAt: new Date() })
    .returning();
  const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
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
  const token = await app.tokens.sign(user, false);
  const xml = Buffer.from(feed(LISTINGS));
  const boundary = '----baanbench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feed.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    xml,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  const runs = [];
  for (const label of ['first (creates)', 'second (unchanged)']) {
    const rssBefore = peakRss;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/imports',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    const { id } = res.json().payload;
    await app.jobs.drain();
    const seconds = (performance.now() - started) / 1000;
    const report = (
      await app.inject({ method: 'GET', url: `/api/user/imports/${id}`, headers: { authorization: `Bearer ${token}` } })
    ).json().payload;
    const run = {
      label,
      status: report.status,
      counts: report.counts,
      seconds: Number(seconds.toFixed(2)),
      listingsPerSecond: Math.round(LISTINGS / seconds),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      peakRssBeforeMb: Math.round(rssBefore / 1024 / 1024),
      firstRefusal: report.items.find((item) => item.outcome === 'failed') ?? null,
    };
    runs.push(run);
    console.log(JSON.stringify(run));
  }
  await app.close();
  await database.close();
  const result = {
    listings: LISTINGS,
    feedBytes: xml.length,
    runs,
    load: loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
    at: new Date().toISOString(),
  };
  writeFileSync(path.join(import.meta.dirname, 'results', 'import.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
} finally {
  clearInterval(sample);
  rmSync(dataDir, { recursive: true, force: true });
}
