// Two API processes (the production build) behind no load balancer but the test itself, sharing
// what a deployment with several nodes shares: a PostgreSQL primary, a real streaming replica
// (pg_basebackup -R, hot standby) as DATABASE_READ_URL, redis-server, an S3-compatible server and
// an SMTP receiver. The listing cache lives ten minutes here (LISTING_CACHE_TTL_MS=600000), so
// whatever makes node B fresh after a write on node A is the Redis invalidation, not expiry.

import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONDO_FOR_RENT, PASSWORD, solidPng, subscribeWithTestCard } from '../support/api.ts';
import {
  type ApiNode,
  type ClusterServices,
  clusterEnv,
  codeIn,
  restartNode,
  startNode,
  startServices,
  stopAll,
  waitUntil,
} from './harness.ts';

type Envelope<T = unknown> = { success: boolean; message?: string; payload: T; errors?: Record<string, string[]> };
type Listing = { id: number; title: string; images: { image_path: string; srcset: string }[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T = unknown>(
  node: ApiNode,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function searchTotal(node: ApiNode, q: string): Promise<number> {
  const res = await call<{ total: number }>(node, 'GET', `/api/properties?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.payload.total;
}

async function bytes(node: ApiNode, url: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${node.url}${url}`);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/** Lists a condo with a cover and one more photo; answers the created listing. */
async function createListing(node: ApiNode, token: string, title: string): Promise<Listing> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...CONDO_FOR_RENT, title })) form.append(name, value);
  form.append('cover_image', new Blob([new Uint8Array(solidPng(640, 480, [30, 120, 110]))]), 'cover.png');
  form.append('images[0]', new Blob([new Uint8Array(solidPng(480, 640, [200, 90, 40]))]), 'second.png');
  const res = await fetch(`${node.url}/api/property`, { method: 'POST', headers: bearer(token), body: form });
  const body = (await res.json()) as Envelope<Listing>;
  if (res.status !== 201) throw new Error(`create listing on ${node.name}: ${res.status} ${JSON.stringify(body)}`);
  return body.payload;
}

/** Every stored file of a listing (each width of each photo), as /uploads/… paths. */
const photoUrls = (listing: Listing) =>
  listing.images.flatMap((image) => image.srcset.split(',').map((entry) => entry.trim().split(/\s+/)[0] as string));

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);

/** Reads a streamed response as it comes (`text()` so far) until it ends or its fetch is aborted (`done`). */
function readAll(response: Response) {
  let text = '';
  const done = (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // The fetch was aborted.
    }
  })();
  return { text: () => text, done };
}

describe('two API nodes: PostgreSQL primary + streaming replica, Redis, S3, SMTP', () => {
  let services: ClusterServices;
  let env: Record<string, string>;
  let a: ApiNode;
  let b: ApiNode;
  const nodes: ApiNode[] = [];
  // Shared by the cases below, in order (one cluster for the whole file keeps it under two minutes).
  const owner = { email: 'owner@cluster.example', token: '' };
  let listing: Listing;

  beforeAll(async () => {
    services = await startServices({ replica: true, logStatements: true });
    env = clusterEnv(services, { LISTING_CACHE_TTL_MS: '600000' });
    // Started together on purpose: both migrate the same empty database at once (one waits for the other).
    [a, b] = await Promise.all([startNode({ name: 'A', env }), startNode({ name: 'B', env })]);
    nodes.push(a, b);
  });

  afterAll(async () => {
    await stopAll(nodes, services);
  });

  // A failure shows what the nodes logged at warn level and above (pino: 40 warn, 50 error, 60 fatal).
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const node of nodes) {
      const lines = node
        .logs()
        .split('\n')
        .filter((line) => /"level":[4-6]0/.test(line));
      if (lines.length > 0) console.error(`node ${node.name} (pid ${node.pid}) logged:\n${lines.join('\n')}`);
    }
  });

  it('runs a real streaming replica, and B’s public search reads from it', async () => {
    const { postgres } = services;
    expect(await postgres.query('select pg_is_in_recovery() as standby', [], { replica: true })).toEqual([
      { standby: true },
    ]);
    const senders = await postgres.query<{ state: string }>('select state from pg_stat_replication');
    expect(senders.map((s) => s.state)).toEqual(['streaming']);

    // A search no cache has seen: its text pattern is a query parameter the server logs (log_statement=all).
    const probe = `replicaprobe${Date.now().toString(36)}`;
    expect(await searchTotal(b, probe)).toBe(0);
    await waitUntil('the search in the replica log', () => postgres.replicaLog().includes(probe), 5_000);
    expect(postgres.primaryLog()).not.toContain(probe);
    // The read pool says who it is in pg_stat_activity on the replica.
    const readers = await postgres.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = 'baan-read'",
      [],
      { replica: true },
    );
    expect(readers[0]?.n).toBeGreaterThan(0);
  });

  it('delivers a mail caused on A exactly once, though both nodes run', async () => {
    const registered = await call(a, 'POST', '/api/register', {
      name: 'Nok Sripan',
      email: owner.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    expect(registered.status).toBe(201);
    const mail = await services.smtp.waitFor((m) => m.to.includes(owner.email));
    // Verified through B: the code (and the account) live in the shared database.
    const verified = await call(b, 'POST', '/api/verifyOtp', {
      email: owner.email,
      otp: codeIn(mail),
      type: 'register',
    });
    expect(verified.status).toBe(200);
    const login = await call<{ token: string }>(a, 'POST', '/api/login', { email: owner.email, password: PASSWORD });
    expect(login.status).toBe(200);
    owner.token = login.body.payload.token;
    // Long enough for a second node (or a retry) to send it again if it were going to.
    await sleep(3_000);
    expect(services.smtp.to(owner.email)).toHaveLength(1);
  });

  it('serves a listing written through A from B at once, though B had cached the pages before', async () => {
    // A token from A works on B (one JWT_SECRET); the package is bought with the test card through A.
    expect((await call(b, 'GET', '/api/user', undefined, bearer(owner.token))).status).toBe(200);
    await subscribeWithTestCard(a, owner.token);

    const word = 'Phromphong';
    expect(await searchTotal(b, word)).toBe(0);
    const before = await fetch(`${b.url}/Quick?q=${word}`);
    expect(before.status).toBe(200);
    const beforeHtml = await before.text();
    expect(beforeHtml).not.toContain(`${word} corner condo`);

    // The replica stops replaying WAL, so it falls behind this write: B must not serve its older answer.
    const { postgres } = services;
    await postgres.query('select pg_wal_replay_pause()', [], { replica: true });
    try {
      listing = await createListing(a, owner.token, `${word} corner condo`);
      expect(listing.images).toHaveLength(2);
      // B hears of the write through Redis; its cached entries had ten minutes left.
      const took = await waitUntil('B serves the new listing', async () => (await searchTotal(b, word)) === 1, 3_000);
      console.log(`cluster: B served the listing written on A after ${took} ms (cache TTL 600000 ms)`);
      const html = await (await fetch(`${b.url}/Quick?q=${word}`)).text();
      expect(html).toContain(`${word} corner condo`);
      const detail = await fetch(`${b.url}/detail/${listing.id}`);
      expect(detail.status).toBe(200);
      expect(await detail.text()).toContain(`${word} corner condo`);
      const api = await call<Listing>(b, 'GET', `/api/property/${listing.id}`);
      expect(api.status).toBe(200);
      expect(api.body.payload.title).toBe(`${word} corner condo`);
      // Meanwhile B's reads go to the primary (the invalidation carried the write's WAL position).
      const probe = `lagprobe${Date.now().toString(36)}`;
      expect(await searchTotal(b, probe)).toBe(0);
      expect(postgres.primaryLog()).toContain(probe);
      expect(postgres.replicaLog()).not.toContain(probe);
    } finally {
      await postgres.query('select pg_wal_replay_resume()', [], { replica: true });
    }
    // Once the replica has replayed the write, B reads from it again.
    const back = await waitUntil(
      'B reading from the replica again',
      async () => {
        const probe = `backprobe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        await searchTotal(b, probe);
        return postgres.replicaLog().includes(probe);
      },
      10_000,
    );
    console.log(`cluster: B read from the replica again ${back} ms after it resumed replaying`);
  });

  it('serves a photo uploaded through A from B, out of the shared bucket', async () => {
    const urls = photoUrls(listing);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\//);
      const [fromA, fromB] = await Promise.all([bytes(a, url), bytes(b, url)]);
      expect(fromA.status).toBe(200);
      expect(fromB.status).toBe(200);
      expect(fromB.body.equals(fromA.body)).toBe(true);
      expect(services.s3.objectKeys()).toContain(url.slice('/uploads/'.length));
    }
    // Neither node kept a copy on its own disk.
    expect(filesIn(path.join(a.dataDir, 'uploads'))).toEqual([]);
    expect(filesIn(path.join(b.dataDir, 'uploads'))).toEqual([]);
  });

  it('shares rate limits: requests alternating between A and B meet one limit (5 contact messages per address)', async () => {
    // The test is the load balancer (TRUST_PROXY=127.0.0.1): it names the client's address.
    const visitor = { 'x-forwarded-for': '198.51.100.23' };
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const node = i % 2 === 1 ? a : b;
      const res = await call(
        node,
        'POST',
        '/api/contact-us',
        { name: 'Visitor', email: `visitor${i}@cluster.example`, subject: `Question ${i}`, message: 'Hello' },
        visitor,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    // The limit is per address: another client is still let through, on either node.
    const other = await call(
      b,
      'POST',
      '/api/contact-us',
      { name: 'Other', email: 'other@cluster.example', subject: 'Question 8', message: 'Hi' },
      { 'x-forwarded-for': '198.51.100.24' },
    );
    expect(other.status).toBe(201);
    // Each accepted message reached support once; the refused ones not at all.
    const mentioned = (m: { subject: string; text: string }) => /Question (\d)/.exec(`${m.subject}\n${m.text}`)?.[1];
    const toSupport = () => services.smtp.mails.filter((m) => mentioned(m) !== undefined);
    await waitUntil('six messages to support', () => toSupport().length >= 6, 15_000);
    await sleep(2_000);
    const subjects = toSupport().map(mentioned).sort();
    expect(subjects).toEqual(['1', '2', '3', '4', '5', '8']);
  });

  it('hands a message written through A to the reader’s and a guest’s event stream on B, over Redis (ADR 034)', async () => {
    // A renter with an account, whose inquiry through A opens a thread with the owner.
    const renter = { email: 'renter@cluster.example', token: '' };
    const registered = await call(a, 'POST', '/api/register', {
      name: 'Anong Renter',
      email: renter.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    expect(registered.status).toBe(201);
    const code = codeIn(await services.smtp.waitFor((m) => m.to.includes(renter.email)));
    expect((await call(a, 'POST', '/api/verifyOtp', { email: renter.email, otp: code, type: 'register' })).status).toBe(
      200,
    );
    const login = await call<{ token: string }>(a, 'POST', '/api/login', { email: renter.email, password: PASSWORD });
    renter.token = login.body.payload.token;
    const inquiry = await call(
      a,
      'POST',
      `/api/property/${listing.id}/inquiry`,
      { name: 'Anong Renter', email: renter.email, message: 'Is it still available?' },
      { ...bearer(renter.token), 'x-forwarded-for': '198.51.100.40' },
    );
    expect(inquiry.status).toBe(201);
    const inbox = await call<{ items: { id: number }[] }>(
      b,
      'GET',
      '/api/user/conversations?box=inbox',
      undefined,
      bearer(owner.token),
    );
    const threadId = inbox.body.payload.items[0]?.id;
    expect(threadId).toBeDefined();

    // The owner's stream is open on B.
    const leave = new AbortController();
    const stream = await fetch(`${b.url}/api/user/events`, { headers: bearer(owner.token), signal: leave.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const owners = readAll(stream);
    await waitUntil('the stream says it is connected', () => owners.text().includes(': connected'));

    // The renter writes through A.
    const sent = await call(
      a,
      'POST',
      `/api/user/conversations/${threadId}/messages`,
      { body: 'Written on node A' },
      bearer(renter.token),
    );
    expect(sent.status).toBe(201);
    const took = await waitUntil(
      'the message reaches the stream on B',
      () => owners.text().includes('Written on node A'),
      5_000,
    );
    const data = /event: message\ndata: (.*)\n\n/.exec(owners.text())?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({
      conversation_id: threadId,
      message: { body: 'Written on node A', sender: 'visitor', mine: false },
    });
    console.info(`message on A reached B's stream after ${took} ms`);
    leave.abort();
    await owners.done;

    // A guest (no account) follows their thread from the mailed link: their stream on B hears the owner's answer
    // written through A.
    const guestEmail = 'guest.cluster@example.test';
    const asked = await call(
      a,
      'POST',
      `/api/property/${listing.id}/inquiry`,
      { name: 'Guest Somchai', email: guestEmail, message: 'Can I see it this week?' },
      { 'x-forwarded-for': '198.51.100.41' },
    );
    expect(asked.status).toBe(201);
    const link = /\/messages\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(
      (await services.smtp.waitFor((m) => m.to.includes(guestEmail) && m.text.includes('/messages/'))).text,
    );
    if (!link) throw new Error('no guest link in the mail');
    const [, guestThread, guestToken] = link;
    const wrong = await fetch(`${b.url}/api/conversations/${guestThread}/events?token=${guestToken}x`);
    expect(wrong.status).toBe(404);
    // Read to the end, so no half-read answer is left on a socket when B stops.
    await wrong.text();
    const leaveGuest = new AbortController();
    const guestStream = await fetch(`${b.url}/api/conversations/${guestThread}/events?token=${guestToken}`, {
      signal: leaveGuest.signal,
    });
    expect(guestStream.status).toBe(200);
    const guests = readAll(guestStream);
    await waitUntil('the guest stream says it is connected', () => guests.text().includes(': connected'));
    const answered = await call(
      a,
      'POST',
      `/api/user/conversations/${guestThread}/messages`,
      { body: 'Yes, Thursday at 5 pm' },
      bearer(owner.token),
    );
    expect(answered.status).toBe(201);
    await waitUntil(
      'the answer reaches the guest stream on B',
      () => guests.text().includes('Thursday at 5 pm'),
      5_000,
    );
    expect(JSON.parse(/event: message\ndata: (.*)\n\n/.exec(guests.text())?.[1] ?? 'null')).toMatchObject({
      conversation_id: Number(guestThread),
      message: { sender: 'owner', mine: false },
    });
    leaveGuest.abort();
    await guests.done;
  });

  it('loses nothing acknowledged when A is killed in the middle of an upload, and A comes back on its port', async () => {
    const objectsBefore = services.s3.objectKeys();
    const boundary = 'baan-cluster-boundary';
    const head = Object.entries({ ...CONDO_FOR_RENT, title: 'Half uploaded loft' })
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const upload = request(`${a.url}/api/property`, {
      method: 'POST',
      headers: { ...bearer(owner.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answered = new Promise<string>((resolve) => {
      upload.on('response', (res) => resolve(`answered ${res.statusCode}`));
      upload.on('error', (err) => resolve(`failed: ${err.message}`));
    });
    upload.write(head);
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="cover_image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    upload.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    // Slowly, 256 KB at a time, until A is writing the photo to its temporary folder: then the plug is pulled.
    const tmp = path.join(a.dataDir, 'tmp', 'uploads');
    for (let i = 0; i < 40 && filesIn(tmp).length === 0; i += 1) {
      upload.write(Buffer.alloc(256 * 1024, i));
      await sleep(50);
    }
    await waitUntil('A writing the upload', () => filesIn(tmp).length > 0, 10_000);
    await a.kill('SIGKILL');
    expect(await answered).toMatch(/^failed/);
    upload.destroy();

    // Everything acknowledged before is still there, through B.
    const api = await call<Listing>(b, 'GET', `/api/property/${listing.id}`);
    expect(api.status).toBe(200);
    for (const url of photoUrls(listing)) expect((await bytes(b, url)).status).toBe(200);
    const mine = await call<Listing[]>(b, 'GET', '/api/user/properties', undefined, bearer(owner.token));
    expect(mine.body.payload.map((l) => l.title)).toEqual([listing.title]);
    // The half upload left no listing and no object.
    expect(await searchTotal(b, 'Half uploaded')).toBe(0);
    expect(await services.postgres.query("select id from properties where title = 'Half uploaded loft'")).toEqual([]);
    expect(services.s3.objectKeys()).toEqual(objectsBefore);

    // A starts again on the same port and DATA_DIR (its temporary folder is wiped at start).
    const restarted = await restartNode(a);
    nodes.push(restarted);
    expect(restarted.url).toBe(a.url);
    expect(filesIn(tmp)).toEqual([]);
    const again = await call<Listing>(restarted, 'GET', `/api/property/${listing.id}`);
    expect(again.status).toBe(200);
    const cover = photoUrls(listing)[0] as string;
    expect((await bytes(restarted, cover)).body.equals((await bytes(b, cover)).body)).toBe(true);

    // The restarted node hears invalidations too: a delete through B is forgotten by A at once.
    const deleted = await call(b, 'DELETE', `/api/property/${listing.id}`, undefined, bearer(owner.token));
    expect(deleted.status).toBe(200);
    await waitUntil(
      'A forgets the deleted listing',
      async () => (await call(restarted, 'GET', `/api/property/${listing.id}`)).status === 404,
      3_000,
    );
  });
});
