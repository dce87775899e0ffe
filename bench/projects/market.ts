/**
 * The market figures' SQL (ADR 028) at 100,000 listings and 2,000 projects on PostgreSQL, called in-process (no HTTP,
 * no read cache): fills an empty database once (half the listings in projects, a third with a second price), then
 * times one project's 24-month figures (100 runs), the `market.areas` job (a first run over every area, then one after a
 * single price change), one district's condo figures as GET /api/market reads them, stored (100 runs), and the same
 * figures computed live by the SQL (5 runs).
 * Run from apps/api: URL=postgres://… npx tsx ../../bench/projects/market.ts (a database of its own: it writes rows).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { properties } from '../../apps/api/src/db/schema.ts';
import { refreshAreaFigures } from '../../apps/api/src/services/projects/area-figures.ts';
import { marketFigures } from '../../apps/api/src/services/projects/market.ts';
import { areaMarket, placeNamed } from '../../apps/api/src/services/projects/read-projects.ts';

const url = process.env.URL as string;
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const db = database.db;
const [{ n } = { n: 0 }] = (await db.execute(sql`select count(*)::int as n from properties`)).rows as { n: number }[];
if (n < 100_000) {
  await db.execute(
    sql`insert into users (name, email, password_hash, email_verified_at) values ('bench', 'bench@bench.example', '!x', now()) on conflict do nothing`,
  );
  await db.execute(sql`insert into projects (slug, name_en, lat, lon, province, district)
    select 'bench-' || g, 'Bench ' || g, 13.7 + random() / 10, 100.5 + random() / 10, 'Bangkok', (array['Watthana','Khlong Toei','Bang Rak','Sathon','Huai Khwang'])[1 + g % 5]
    from generate_series(1, 2000) g`);
  await db.execute(sql`insert into properties (user_id, title, description, type, user_type, property_type, property_sub_type, location, price, area, province, district, project_id, created_at, updated_at)
    select (select id from users where email = 'bench@bench.example'), 'Bench ' || g, 'x', case when g % 2 = 0 then 'sale' else 'rent' end, 'owner', 'residential',
      (array['condo','condo','condo','house','townhouse','land'])[1 + g % 6], 'Bangkok',
      case when g % 2 = 0 then (3000000 + random() * 5000000)::int else (15000 + random() * 30000)::int end, (25 + random() * 100)::int,
      'Bangkok', (array['Watthana','Khlong Toei','Bang Rak','Sathon','Huai Khwang'])[1 + g % 5],
      case when g % 6 < 3 then (select min(id) from projects) + (g % 2000) end,
      now() - make_interval(hours => (random() * 21600)::int), now() - make_interval(hours => (random() * 720)::int)
    from generate_series(1, 100000) g`);
  await db.execute(
    sql`insert into listing_prices (property_id, price, changed_at) select id, price, created_at from properties`,
  );
  await db.execute(
    sql`insert into listing_prices (property_id, price, changed_at) select id, (price * 1.05)::int, created_at + (now() - created_at) / 2 from properties where id % 3 = 0`,
  );
  await db.execute(sql`analyze`);
}
const [p] = await db
  .select({ id: properties.projectId })
  .from(properties)
  .where(sql`${properties.projectId} is not null`)
  .limit(1);
async function time(label: string, fn: () => Promise<unknown>, runs = 30) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p99 = ms[Math.min(runs - 1, Math.ceil(runs * 0.99) - 1)];
  console.log(
    label,
    'median',
    ms[Math.floor(runs / 2)]?.toFixed(1),
    'p99',
    p99?.toFixed(1),
    'max',
    ms[runs - 1]?.toFixed(1),
  );
}
const now = new Date();
await db.execute(sql`analyze`);
await time('project market 24m', () => marketFigures(db, eq(properties.projectId, p?.id ?? 0), now, 24), 100);
await db.execute(sql`delete from market_area_figures`);
await time('market.areas job, first run (every area)', () => refreshAreaFigures(db, now), 1);
await db.execute(
  sql`update properties set price = price - 1000, updated_at = now() where id = (select min(id) from properties where district = 'Watthana' and property_sub_type = 'condo')`,
);
await time('market.areas job, after one price change', () => refreshAreaFigures(db, now), 1);
await time('market.areas job, nothing changed', () => refreshAreaFigures(db, now), 3);
const area = { province: 'Bangkok', district: 'Watthana', sub_type: 'condo' as const, months: 24 as const };
await time('area market Watthana condo 24m (stored)', () => areaMarket(db, area, now), 100);
await time(
  'area market Watthana condo 24m (live SQL)',
  () =>
    marketFigures(
      db,
      and(
        placeNamed(properties.province, 'Bangkok'),
        placeNamed(properties.district, 'Watthana'),
        eq(properties.propertySubType, 'condo'),
      ) as SQL,
      now,
      24,
    ),
  5,
);
await database.close();
