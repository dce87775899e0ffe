import { Writable } from 'node:stream';
import { AdminJobPageResponse, AdminJobResponse } from '@baan/contract';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobSchedules, jobs, otpCodes } from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { atBangkokTime, every, JobRunner, retryDelay } from '../src/services/jobs/runner.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { register } from './support/accounts.ts';
import { auditRows, bearer, json } from './support/admin.ts';
import { startSmtpReceiver } from './support/smtp-receiver.ts';

const silent = { info() {}, warn() {}, error() {}, child: () => silent };

/** A runner on the app's database that only this test feeds (its own job kinds), polled by hand. */
function runner(app: Awaited<ReturnType<typeof build>>, now = () => app.clock.now()) {
  return new JobRunner({ db: app.db, log: silent, now, pollMs: 60_000, retryBaseMs: 1_000, retryMaxMs: 8_000 });
}

async function jobRow(app: Awaited<ReturnType<typeof build>>, id: number) {
  const [row] = await app.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

describe('retry delays', () => {
  it('double from the base up to the cap, with ±20 % jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 5_000, 300_000, mid))).toEqual([5_000, 10_000, 20_000, 40_000]);
    // The cap holds however many attempts came before.
    expect(retryDelay(7, 5_000, 300_000, mid)).toBe(300_000);
    expect(retryDelay(40, 5_000, 300_000, mid)).toBe(300_000);
    expect(retryDelay(1, 5_000, 300_000, () => 0)).toBe(4_000);
    expect(retryDelay(1, 5_000, 300_000, () => 1)).toBe(6_000);
  });
});

describe('Bangkok schedules', () => {
  it('find the next time of day in Bangkok (UTC+7), today or tomorrow, and a weekday', () => {
    const at0330 = atBangkokTime(3, 30);
    // 2026-11-24 19:00 UTC is 02:00 on the 25th in Bangkok: 03:30 Bangkok is 20:30 UTC the same day.
    expect(at0330(new Date('2026-11-24T19:00:00Z')).toISOString()).toBe('2026-11-24T20:30:00.000Z');
    // Exactly at the time: the next day's.
    expect(at0330(new Date('2026-11-24T20:30:00Z')).toISOString()).toBe('2026-11-25T20:30:00.000Z');
    // Monday 08:00 in Bangkok (weekday 1), from a Tuesday (2026-11-24): the next Monday, 2026-11-30.
    expect(atBangkokTime(8, 0, 1)(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(every(60_000)(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-24T12:01:00.000Z');
  });
});

describe('the durable queue', async () => {
  const app = await build();

  it('enqueues in the caller’s transaction: a rolled-back change leaves no job', async () => {
    // Counted by kind: a schedule falling due meanwhile may add a job of its own.
    const rollbackJobs = async () =>
      (await app.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'test.rollback')))[0]?.n ?? 0;
    const before = await rollbackJobs();
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.rollback', { n: 1 }, { runAt: app.clock.now() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rollbackJobs()).toBe(before);
  });

  it('runs a job once, clears its payload, and keeps the request id that enqueued it', async () => {
    const r = runner(app);
    const seen: unknown[] = [];
    r.register('test.once', async (payload) => {
      seen.push(payload);
    });
    const id = await enqueueJob(app.db, 'test.once', { to: 'a@b.test', code: '1234' }, { runAt: app.clock.now() });
    expect(await r.drain()).toBe(1);
    expect(await r.drain()).toBe(0);
    expect(seen).toEqual([{ to: 'a@b.test', code: '1234' }]);
    const row = await jobRow(app, id);
    expect(row).toMatchObject({ state: 'done', attempts: 1, payload: {}, lastError: null });
    expect(row.finishedAt).not.toBeNull();
  });

  it('drains work that running jobs queue, also when the background poll claimed them while the drain waited', async () => {
    // Claims take 30 ms (a busy database), so a round the runner starts by itself when a slot frees is still
    // claiming while the drain looks. The chain: step 1 queues step 2 at once; step 2 is claimed by that
    // background round and queues step 3 only at its end, after the drain's own round found nothing due.
    const slowDb = new Proxy(app.db, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === 'transaction') {
          return async (fn: never) => {
            await new Promise((resolve) => setTimeout(resolve, 30));
            return target.transaction(fn);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const r = new JobRunner({
      db: slowDb,
      log: silent,
      now: () => app.clock.now(),
      pollMs: 60_000,
      retryBaseMs: 1_000,
      retryMaxMs: 8_000,
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const steps: number[] = [];
    r.register('test.chain', async (payload) => {
      const n = Number(payload.n);
      steps.push(n);
      if (n === 2) await sleep(60);
      if (n < 3) await enqueueJob(app.db, 'test.chain', { n: n + 1 }, { runAt: app.clock.now() });
    });
    r.register('test.chain-slow', async () => {
      await sleep(10);
    });
    await enqueueJob(app.db, 'test.chain', { n: 1 }, { runAt: app.clock.now() });
    await enqueueJob(app.db, 'test.chain-slow', {}, { runAt: app.clock.now() });
    await r.start();
    try {
      await r.drain();
      expect(steps).toEqual([1, 2, 3]);
      const left = await app.db
        .select({ n: count() })
        .from(jobs)
        .where(and(inArray(jobs.kind, ['test.chain', 'test.chain-slow']), ne(jobs.state, 'done')));
      expect(left[0]?.n).toBe(0);
    } finally {
      await r.stop();
    }
  });

  it('retries a failing job with growing delays, then leaves it dead after its last attempt', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const r = runner(app, () => now);
    let calls = 0;
    r.register('test.flaky', async () => {
      calls += 1;
      throw new Error('SMTP said no\n  at somewhere');
    });
    const id = await enqueueJob(app.db, 'test.flaky', {}, { runAt: now, maxAttempts: 3 });

    await r.drain();
    let row = await jobRow(app, id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Error: SMTP said no at somewhere' });
    const firstDelay = row.runAt.getTime() - now.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(800);
    expect(firstDelay).toBeLessThanOrEqual(1_200);
    // Not due yet: nothing runs.
    expect(await r.drain()).toBe(0);

    now = new Date(row.runAt.getTime());
    await r.drain();
    row = await jobRow(app, id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    const secondDelay = row.runAt.getTime() - now.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(1_600);
    expect(secondDelay).toBeLessThanOrEqual(2_400);

    now = new Date(row.runAt.getTime());
    await r.drain();
    row = await jobRow(app, id);
    expect(row).toMatchObject({ state: 'dead', attempts: 3 });
    expect(calls).toBe(3);
    // Dead stays dead: later polls leave it alone.
    now = new Date(now.getTime() + 86_400_000);
    expect(await r.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('takes a job again once the lease of a worker that died has passed, and not before', async () => {
    let now = new Date('2026-11-24T11:00:00Z');
    const dying = runner(app, () => now);
    // A worker that claims the job and never finishes it (its process was killed).
    dying.register('test.lease', () => new Promise(() => {}), { leaseMs: 30_000 });
    const id = await enqueueJob(app.db, 'test.lease', {}, { runAt: now });
    expect(await dying.poll()).toBe(1);
    expect(await jobRow(app, id)).toMatchObject({ state: 'running', attempts: 1 });

    const survivor = runner(app, () => now);
    let ran = 0;
    survivor.register('test.lease', async () => {
      ran += 1;
    });
    now = new Date(now.getTime() + 29_000);
    expect(await survivor.drain()).toBe(0);
    now = new Date(now.getTime() + 2_000);
    expect(await survivor.drain()).toBe(1);
    expect(ran).toBe(1);
    expect(await jobRow(app, id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('hands each job to exactly one of two workers polling at once', async () => {
    const runs = new Map<number, number>();
    const workers = [runner(app), runner(app)];
    for (const w of workers) {
      w.register('test.race', async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
    }
    for (let n = 0; n < 60; n++) await enqueueJob(app.db, 'test.race', { n }, { runAt: app.clock.now() });
    const ran = await Promise.all(workers.map((w) => w.drain()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
  });

  it('enqueues a due scheduled job once however many nodes poll, and moves its next time on', async () => {
    let now = new Date('2026-11-24T12:00:00Z');
    const nodes = [runner(app, () => now), runner(app, () => now), runner(app, () => now)];
    for (const node of nodes) {
      node.register('test.scheduled', async () => {});
      node.schedule({ name: 'test.scheduled', kind: 'test.scheduled', next: every(3_600_000), runAtStart: true });
    }
    const jobsOfKind = async () =>
      (await app.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'test.scheduled')))[0]?.n ?? 0;
    await Promise.all(nodes.map((node) => node.start()));
    await Promise.all(nodes.map((node) => node.stop()));
    await Promise.all(nodes.map((node) => node.poll()));
    expect(await jobsOfKind()).toBe(1);
    const [schedule] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'test.scheduled'));
    expect(schedule?.nextRunAt.toISOString()).toBe('2026-11-24T13:00:00.000Z');
    // Not due again until the hour has passed.
    now = new Date('2026-11-24T12:59:59Z');
    await Promise.all(nodes.map((node) => node.poll()));
    expect(await jobsOfKind()).toBe(1);
    now = new Date('2026-11-24T13:00:00Z');
    await Promise.all(nodes.map((node) => node.poll()));
    expect(await jobsOfKind()).toBe(2);
  });

  it('counts queued, running and dead jobs', async () => {
    const counts = await app.jobs.counts();
    expect(counts.dead).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts).sort()).toEqual(['dead', 'queued', 'running']);
  });
});

describe('mail through the queue', async () => {
  const smtp = await startSmtpReceiver();
  // The receiver's address, then closed: SMTP is down when the code is asked for.
  const url = smtp.url;
  await smtp.close();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await build({ smtpUrl: url, jobsWorker: false, logLevel: 'info' }, logStream);
  const admin = await createUser(app, { email: 'ops@jobs.test', role: 'admin' });
  afterAll(() => receiver?.close());
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;

  it('keeps a code mail queued while SMTP is down, with the code stored in the same transaction', async () => {
    const res = await register(app, 'down@jobs.test', {}, { 'x-request-id': 'req-signup-down' });
    expect(res.statusCode).toBe(201);
    await app.mailer.drain();
    const [mail] = await app.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
    expect(mail).toMatchObject({ state: 'queued', attempts: 1, requestId: 'req-signup-down' });
    expect(mail?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(mail?.payload.to).toBe('down@jobs.test');
    expect((await app.db.select({ n: count() }).from(otpCodes))[0]?.n).toBe(1);
    // The job's log line carries the id of the request that caused it, and never the mail's body.
    const jobLines = logs.map((line) => JSON.parse(line)).filter((line) => line.jobId === mail?.id);
    expect(jobLines.length).toBeGreaterThan(0);
    expect(jobLines[0]).toMatchObject({
      reqId: 'req-signup-down',
      kind: 'mail.send',
      msg: 'job failed; it will be retried',
    });
    expect(logs.join('\n')).not.toContain(String(mail?.payload.text));
  });

  it('shows dead jobs to admins only, without their bodies, and retries one that is then delivered once', async () => {
    // Give up on it: its last attempt failed.
    await app.db.update(jobs).set({ state: 'dead', attempts: 12 }).where(eq(jobs.kind, 'mail.send'));
    const anonymous = await app.inject({ url: '/api/admin/jobs' });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(app, { email: 'someone@jobs.test' });
    expect((await app.inject({ url: '/api/admin/jobs', headers: bearer(user.token) })).statusCode).toBe(403);

    const list = await app.inject({ url: '/api/admin/jobs?state=dead', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const page = AdminJobPageResponse.parse(list.json()).payload;
    expect(page.counts.dead).toBe(1);
    expect(page.total).toBe(1);
    const [dead] = page.items;
    expect(dead).toMatchObject({ kind: 'mail.send', state: 'dead', to: 'down@jobs.test' });
    expect(JSON.stringify(list.json())).not.toMatch(/\b\d{4}\b.*expires/);
    expect(list.body).not.toContain('"text"');

    const bad = await app.inject({ url: '/api/admin/jobs?state=gone', headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ state: ['State must be one of: queued, running, dead, done.'] });

    const retry = await app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${dead?.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(retry.statusCode).toBe(200);
    expect(AdminJobResponse.parse(retry.json()).payload).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await auditRows(app, 'job.retry', dead?.id ?? 0)).toHaveLength(1);

    // A done or unknown job cannot be retried.
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/999999/retry',
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Job not found.');
    const nonsense = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/abc/retry',
      headers: bearer(admin.token),
    });
    expect(nonsense.statusCode).toBe(404);

    // SMTP is back on its address: the retried mail goes out, once.
    receiver = await startSmtpReceiver(Number(new URL(url).port));
    await app.mailer.drain();
    await app.mailer.drain();
    expect(receiver.mails.filter((m) => m.to.includes('down@jobs.test'))).toHaveLength(1);
    // The delivery's log line names the job and the request that queued it.
    const sent = logs.map((line) => JSON.parse(line)).find((line) => line.msg === 'mail sent');
    expect(sent).toMatchObject({ jobId: dead?.id, reqId: 'req-signup-down', to: 'down@jobs.test' });
    expect((await jobRow(app, dead?.id ?? 0)).state).toBe('done');
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${dead?.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Only a dead or waiting job can be retried.');
  });
});
