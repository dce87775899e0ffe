import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { listingDailyStats, listingVisits } from '../src/db/schema.ts';
import { bangkokDay } from '../src/services/stats/bangkok-day.ts';
import {
  CLICK_TOKEN_TTL_MS,
  issueViewToken,
  readViewToken,
  VIEW_TOKEN_TTL_MS,
} from '../src/services/stats/view-token.ts';
import { VISITORS_PER_NETWORK } from '../src/services/stats/visitor.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build, freshDatabase } from './helpers.ts';
import { forged } from './support/forge.ts';

// Issue 21 (M4): rotating the User-Agent from one address added 120 counted visitors a minute. A view counts only
// with the signed token its page was rendered with, each token once per network, and one network counts as at most
// VISITORS_PER_NETWORK visitors a listing a day, whatever it sends as its user agent (ADR 020).
const app = await build();
const now = new Date('2027-05-04T03:00:00Z');
app.clock.now = () => now;
const owner = await createUser(app, { email: 'token-owner@example.test' });

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const browser = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.${n}.0 Safari/537.36`;

function beacon(
  target: FastifyInstance,
  id: number,
  body: Record<string, unknown> | undefined,
  opts: { ip: string; ua?: string; kind?: 'view' | 'contact-click' },
) {
  return target.inject({
    method: 'POST',
    url: `/api/property/${id}/${opts.kind ?? 'view'}`,
    ...(body ? { payload: body } : {}),
    headers: { 'user-agent': opts.ua ?? CHROME },
    remoteAddress: opts.ip,
  });
}

async function counts(target: FastifyInstance, id: number) {
  const [row] = await target.db
    .select()
    .from(listingDailyStats)
    .where(and(eq(listingDailyStats.propertyId, id), eq(listingDailyStats.day, bangkokDay(now))));
  return { views: row?.views ?? 0, visitors: row?.visitors ?? 0, phone: row?.clicksPhone ?? 0 };
}

const fresh = (id: number) => issueViewToken(app.statsKeys.viewToken, id, now);

describe('a view counts only with its page’s token', () => {
  it('takes the token the rendered page carries', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Rendered condo' });
    const html = (await app.inject(`/detail/${listing.id}`)).body;
    const token = new RegExp(`${listing.id}\\.\\d+\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}`).exec(html)?.[0];
    expect(token).toBeDefined();
    expect((await beacon(app, listing.id, { token }, { ip: '10.40.0.1' })).statusCode).toBe(204);
    expect(await counts(app, listing.id)).toMatchObject({ views: 1, visitors: 1 });
  });

  it('counts nothing (and still answers 204) without a token, or with a forged, expired or other listing’s one', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Tokenless condo' });
    const other = await makeListing(app, owner.id, { title: 'Other condo' });
    const good = fresh(listing.id);
    const [id, issued, nonce, mac = ''] = good.split('.');
    const forgedMac = forged(mac);
    const bad = [
      undefined,
      {},
      { token: '' },
      { token: 'not-a-token' },
      { token: `${id}.${issued}.${nonce}.${forgedMac}` },
      { token: `${id}.${Number(issued) - 60}.${nonce}.${mac}` },
      { token: fresh(other.id) },
      {
        token: issueViewToken(app.statsKeys.viewToken, listing.id, new Date(now.getTime() - VIEW_TOKEN_TTL_MS - 1000)),
      },
      { token: issueViewToken(app.statsKeys.unsubscribe, listing.id, now) },
    ];
    for (const [i, body] of bad.entries()) {
      const res = await beacon(app, listing.id, body, { ip: `10.41.0.${i + 1}` });
      expect(res.statusCode, JSON.stringify(body)).toBe(204);
    }
    expect(await counts(app, listing.id)).toEqual({ views: 0, visitors: 0, phone: 0 });
    // At the end of its half hour a token still counts.
    const old = issueViewToken(app.statsKeys.viewToken, listing.id, new Date(now.getTime() - VIEW_TOKEN_TTL_MS));
    expect((await beacon(app, listing.id, { token: old }, { ip: '10.41.1.1' })).statusCode).toBe(204);
    expect(await counts(app, listing.id)).toMatchObject({ views: 1, visitors: 1 });
  });

  it('refuses a token longer than any the server issues with a 400, counting nothing', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Long token condo' });
    const res = await beacon(app, listing.id, { token: 'x'.repeat(201) }, { ip: '10.42.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBeDefined();
    expect(await counts(app, listing.id)).toEqual({ views: 0, visitors: 0, phone: 0 });
  });

  it('counts a token once per network: again (another user agent, at once or later) it counts nothing', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Once condo' });
    const token = fresh(listing.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => beacon(app, listing.id, { token }, { ip: '10.43.0.1', ua: browser(i) })),
    );
    expect(results.every((r) => r.statusCode === 204)).toBe(true);
    expect(await counts(app, listing.id)).toMatchObject({ views: 1, visitors: 1 });
    // Another network with the same page (a cached page is everyone's) counts.
    await beacon(app, listing.id, { token }, { ip: '10.43.0.2' });
    expect(await counts(app, listing.id)).toMatchObject({ views: 2, visitors: 2 });
    const used = await app.db
      .select()
      .from(listingVisits)
      .where(and(eq(listingVisits.propertyId, listing.id), eq(listingVisits.kind, 'token')));
    expect(used).toHaveLength(2);
    // Neither the token nor the address is stored.
    for (const row of used) {
      expect(row.visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(token).not.toContain(row.visitor);
      expect(row.visitor).not.toContain('10.43');
    }
  });
});

describe('visitors per network', () => {
  it(`counts one address rotating its user agent as at most ${VISITORS_PER_NETWORK} visitors a listing a day`, async () => {
    const listing = await makeListing(app, owner.id, { title: 'Rotated condo' });
    for (let i = 0; i < 100; i++) {
      const res = await beacon(app, listing.id, { token: fresh(listing.id) }, { ip: '10.44.0.1', ua: browser(i) });
      expect(res.statusCode).toBe(204);
    }
    // Each of the few visitors once in this half hour: no more views than visitors.
    expect(await counts(app, listing.id)).toEqual({
      views: VISITORS_PER_NETWORK,
      visitors: VISITORS_PER_NETWORK,
      phone: 0,
    });
    // An IPv6 /64 is one network, whichever of its addresses sends.
    for (let i = 0; i < 40; i++) {
      const ip = `2001:db8:77:1:${i.toString(16)}::1`;
      await beacon(app, listing.id, { token: fresh(listing.id) }, { ip, ua: browser(i) });
    }
    expect((await counts(app, listing.id)).visitors).toBe(2 * VISITORS_PER_NETWORK);
    // Another network is other people.
    await beacon(app, listing.id, { token: fresh(listing.id) }, { ip: '10.44.0.2' });
    expect((await counts(app, listing.id)).visitors).toBe(2 * VISITORS_PER_NETWORK + 1);
  });
});

describe('contact clicks', () => {
  it('count only with a real page’s token, which may be hours old, and at most a few per network', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Clicked condo' });
    const click = (body: Record<string, unknown>, ip: string, ua?: string) =>
      beacon(app, listing.id, { channel: 'phone', ...body }, { ip, ua, kind: 'contact-click' });
    expect((await click({}, '10.45.0.1')).statusCode).toBe(204);
    expect((await click({ token: 'forged.1.2.3' }, '10.45.0.2')).statusCode).toBe(204);
    expect((await counts(app, listing.id)).phone).toBe(0);
    const hoursOld = issueViewToken(app.statsKeys.viewToken, listing.id, new Date(now.getTime() - CLICK_TOKEN_TTL_MS));
    await click({ token: hoursOld }, '10.45.0.3');
    expect((await counts(app, listing.id)).phone).toBe(1);
    const tooOld = issueViewToken(
      app.statsKeys.viewToken,
      listing.id,
      new Date(now.getTime() - CLICK_TOKEN_TTL_MS - 1000),
    );
    await click({ token: tooOld }, '10.45.0.4');
    expect((await counts(app, listing.id)).phone).toBe(1);
    const token = fresh(listing.id);
    for (let i = 0; i < 50; i++) await click({ token }, '10.45.0.5', browser(i));
    expect((await counts(app, listing.id)).phone).toBe(1 + VISITORS_PER_NETWORK);
  });
});

describe('several nodes', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-nodes-'));
  const database = await freshDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    jwtSecret: 'one-secret-for-every-node-0123456789abcdef',
  };
  const nodes = [await buildApp({ config, database }), await buildApp({ config, database })];
  for (const node of nodes) await node.ready();
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accept a page’s token once per network whichever node gets it (the database keeps what was used)', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const nodeOwner = await createUser(a, { email: 'nodes-owner@example.test' });
    const listing = await makeListing(a, nodeOwner.id, { title: 'Two-node condo' });
    // Issued by node A's page, sent to both nodes from one network at once, and again.
    const token = issueViewToken(a.statsKeys.viewToken, listing.id, new Date());
    expect(readViewToken(b.statsKeys.viewToken, token, listing.id, new Date(), VIEW_TOKEN_TTL_MS)).not.toBeNull();
    const sent = await Promise.all(
      [a, b, a, b].map((node, i) => beacon(node, listing.id, { token }, { ip: '10.46.0.1', ua: browser(i) })),
    );
    expect(sent.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
    const [row] = await a.db.select().from(listingDailyStats).where(eq(listingDailyStats.propertyId, listing.id));
    expect(row).toMatchObject({ views: 1, visitors: 1 });
  });
});
