import { afterAll, describe, expect, it, vi } from 'vitest';
import { DISK_CRITICAL_BYTES, DISK_LOW_BYTES, diskSpace } from '../src/lib/disk-space.ts';
import { body, build } from './helpers.ts';
import { type RedisServer, startRedisServer } from './support/redis-server.ts';

type Ready = {
  success: boolean;
  message?: string;
  payload: { checks: { db: string; redis: string; jobs: string; disk: string }; version: string };
};

const servers: RedisServer[] = [];
afterAll(async () => {
  // stop() is idempotent; a paused server is killed just the same (SIGKILL).
  for (const server of servers) await server.stop();
});

describe('GET /api/health/ready without Redis', async () => {
  const app = await build();

  it('is 200 when the database answers and the job runner polls; Redis is off', async () => {
    const res = await app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body<Ready>(res)).toMatchObject({
      success: true,
      payload: { checks: { db: 'ok', redis: 'off', jobs: 'ok', disk: 'ok' } },
    });
  });

  it("reports DATA_DIR's free space: low stays ready, critically full is 503 naming the disk", async () => {
    const spy = vi.spyOn(diskSpace, 'available');
    try {
      // At the critical bound the node still serves (low); one byte under it, it does not.
      spy.mockResolvedValue(DISK_CRITICAL_BYTES);
      let res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(200);
      expect(body<Ready>(res).payload.checks.disk).toBe('low');
      spy.mockResolvedValue(DISK_LOW_BYTES - 1);
      expect(body<Ready>(await app.inject('/api/health/ready')).payload.checks.disk).toBe('low');
      spy.mockResolvedValue(DISK_LOW_BYTES);
      expect(body<Ready>(await app.inject('/api/health/ready')).payload.checks.disk).toBe('ok');
      spy.mockResolvedValue(DISK_CRITICAL_BYTES - 1);
      res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(body<Ready>(res)).toMatchObject({
        success: false,
        message: 'Not ready: disk failing.',
        payload: { checks: { db: 'ok', redis: 'off', jobs: 'ok', disk: 'fail' } },
      });
      // A file system that cannot be asked is not one to write to either.
      spy.mockRejectedValue(Object.assign(new Error('EIO'), { code: 'EIO' }));
      res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(body<Ready>(res).payload.checks.disk).toBe('fail');
      expect(spy).toHaveBeenCalledWith(app.dataDir);
    } finally {
      spy.mockRestore();
    }
  });

  it('is 503 naming the job runner when it stops polling, while GET /api/health stays 200', async () => {
    const jobs = (app as unknown as { jobs: { isHealthy(): boolean } }).jobs;
    const spy = vi.spyOn(jobs, 'isHealthy').mockReturnValue(false);
    try {
      const res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(body<Ready>(res)).toMatchObject({
        success: false,
        message: 'Not ready: jobs failing.',
        payload: { checks: { db: 'ok', redis: 'off', jobs: 'fail' } },
      });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });

  it('is 503 naming the database when select 1 fails', async () => {
    const spy = vi.spyOn(app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(body<Ready>(res)).toMatchObject({
        message: 'Not ready: db failing.',
        payload: { checks: { db: 'fail' } },
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/health/ready with Redis (REDIS_URL)', async () => {
  const server = await startRedisServer();
  servers.push(server);
  const app = await build({ redisUrl: server.url });

  it('is 200 while Redis answers', async () => {
    // Each check has a short time limit; on a loaded machine the first, cold one can miss it once.
    let res = await app.inject('/api/health/ready');
    for (let tries = 0; res.statusCode !== 200 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await app.inject('/api/health/ready');
    }
    expect(res.statusCode).toBe(200);
    expect(body<Ready>(res).payload.checks).toEqual({ db: 'ok', redis: 'ok', jobs: 'ok', disk: 'ok' });
  });

  it('stays ready quickly when Redis hangs (a short time limit per check), reporting it degraded, and ok once it answers again', async () => {
    server.pause();
    try {
      const started = Date.now();
      const res = await app.inject('/api/health/ready');
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.statusCode).toBe(200);
      expect(body<Ready>(res).payload.checks).toMatchObject({ db: 'ok', redis: 'degraded' });
    } finally {
      server.resume();
    }
    const deadline = Date.now() + 10_000;
    let redis = '';
    while (Date.now() < deadline && redis !== 'ok') {
      redis = body<Ready>(await app.inject('/api/health/ready')).payload.checks.redis;
      if (redis !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(redis).toBe('ok');
  });

  it('stays ready (200) with Redis degraded when it is stopped, and still fails for the database; liveness says down', async () => {
    await server.stop();
    const res = await app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(body<Ready>(res)).toMatchObject({
      success: true,
      payload: { checks: { db: 'ok', redis: 'degraded', jobs: 'ok', disk: 'ok' } },
    });
    const spy = vi.spyOn(app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const both = await app.inject('/api/health/ready');
      expect(both.statusCode).toBe(503);
      // Only the database is named: Redis being down is not a reason to take the node out.
      expect(body<Ready>(both)).toMatchObject({
        message: 'Not ready: db failing.',
        payload: { checks: { db: 'fail', redis: 'degraded' } },
      });
    } finally {
      spy.mockRestore();
    }
    const live = await app.inject('/api/health');
    expect(live.statusCode).toBe(200);
    expect(body(live).payload).toMatchObject({ db: 'ok', redis: 'down' });
  });
});
