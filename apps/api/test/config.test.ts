import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, tileOrigin } from '../src/config.ts';
import { DEFAULT_CHALLENGE } from '../src/lib/burst-challenge.ts';
import { build } from './helpers.ts';

/** The error loadConfig throws for `env` (fails the test when it does not throw). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('configuration: one schema for the whole environment', () => {
  it('keeps listing pages 30 s (and 30 s stale) where every node hears of every write, else 5 s and never stale', () => {
    const cache = (env: Record<string, string>) => {
      const c = loadConfig(env);
      return [c.listingCacheTtlMs, c.listingCacheStaleMs];
    };
    // One process on PGlite: its own writes are all there are.
    expect(cache({})).toEqual([30_000, 30_000]);
    // PostgreSQL with Redis: invalidations reach every node.
    expect(cache({ DATABASE_URL: 'postgresql://baan@db/baan', REDIS_URL: 'redis://redis:6379' })).toEqual([
      30_000, 30_000,
    ]);
    // PostgreSQL without Redis: another node's write is only seen when the entry expires.
    expect(cache({ DATABASE_URL: 'postgresql://baan@db/baan' })).toEqual([5_000, 0]);
    // Set explicitly, the settings win.
    expect(cache({ LISTING_CACHE_TTL_MS: '1000', LISTING_CACHE_STALE_MS: '0' })).toEqual([1_000, 0]);
    expect(() => loadConfig({ LISTING_CACHE_STALE_MS: '-1' })).toThrow(/LISTING_CACHE_STALE_MS/);
  });

  it('gives every default for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      metricsToken: undefined,
      jobsWorker: true,
      jobsRetryBaseMs: 5_000,
      jobsRetryMaxMs: 300_000,
      jobsPollMs: 1_000,
      seedDemo: false,
      logLevel: 'info',
      isProduction: false,
      trustProxy: false,
      listingCacheTtlMs: 30_000,
      listingCacheStaleMs: 30_000,
      redisUrl: undefined,
      mailFrom: 'Baan <no-reply@baan.example>',
      supportEmail: 'support@baan.example',
      scryptLogN: 17,
      s3: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ logLevel: 'silent', scryptLogN: 14 });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://baan.example/',
      DATABASE_URL: 'postgres://baan:pw@db:5432/baan',
      DATABASE_READ_URL: 'postgresql://baan:pw@replica:5432/baan',
      METRICS_TOKEN: 'a-metrics-token-of-32-characters',
      JOBS_WORKER: 'off',
      SEED_DEMO: 'yes',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      LISTING_CACHE_TTL_MS: '0',
      REDIS_URL: 'redis://redis:6379/0',
      SMTP_URL: 'smtp://mailer:pw@mail:1025',
      ADMIN_EMAIL: ' Admin@Example.COM ',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      PROMPTPAY_ID: '081-234-5678',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://baan.example',
      databaseReadUrl: 'postgresql://baan:pw@replica:5432/baan',
      jobsWorker: false,
      seedDemo: true,
      logLevel: 'warn',
      trustProxy: 1,
      listingCacheTtlMs: 0,
      adminEmail: 'admin@example.com',
      s3: { bucket: 'photos', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true },
      payments: { promptPayId: '081-234-5678' },
    });
    expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(['PORT', 'REDIS_URL', 'METRICS_TOKEN', 'JOBS_POLL_MS']));
  });

  it('reads PAGE_RENDER_BURST into the per-network render bucket, 4 by default, and refuses a bad one', () => {
    expect(loadConfig({}).pageRenders).toMatchObject({ burst: 4, perSecond: 1, busyAt: 4 });
    expect(loadConfig({ PAGE_RENDER_BURST: '50' }).pageRenders).toMatchObject({ burst: 50, perSecond: 1, busyAt: 4 });
    // 0 would refuse every uncached page on a busy node: at least one render.
    expect(loadConfig({ PAGE_RENDER_BURST: '0' }).pageRenders.burst).toBe(1);
    expect(configError({ PAGE_RENDER_BURST: 'many' }).problems.map((p) => p.variable)).toEqual(['PAGE_RENDER_BURST']);
    expect(configError({ PAGE_RENDER_BURST: '-3' }).problems.map((p) => p.variable)).toEqual(['PAGE_RENDER_BURST']);
  });

  it('reads the burst challenge from one place: defaults, overrides, off in the API tests, bad values named', () => {
    expect(loadConfig({}).challenge).toEqual(DEFAULT_CHALLENGE);
    expect(DEFAULT_CHALLENGE).toMatchObject({ burst: 6, bits: 16, maxBits: 22 });
    // The API tests send many calls from one address; the challenge's own tests turn it on.
    expect(loadConfig({ NODE_ENV: 'test' }).challenge.burst).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', CHALLENGE_BURST: '6' }).challenge.burst).toBe(6);
    expect(
      loadConfig({ CHALLENGE_BURST: '0', CHALLENGE_BITS: '18', CHALLENGE_MAX_BITS: '12' }).challenge,
    ).toMatchObject({ burst: 0, bits: 18, maxBits: 18 });
    const err = configError({ CHALLENGE_BURST: '-1', CHALLENGE_BITS: '0', CHALLENGE_MAX_BITS: '31' });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(
      ['CHALLENGE_BITS', 'CHALLENGE_BURST', 'CHALLENGE_MAX_BITS'].sort(),
    );
  });

  it('keeps the production rules: no test card processor, no demo PromptPay ID', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      isProduction: true,
      payments: { testCards: false, promptPayId: undefined, stripe: undefined },
    });
  });

  it('names every bad variable in one error, one line each', () => {
    const err = configError({
      PORT: 'eighty',
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
      LISTING_CACHE_TTL_MS: '-1',
      TRUST_PROXY: 'true',
      PASSWORD_SCRYPT_LOG_N: '30',
      PUBLIC_URL: 'baan.example',
      PROMPTPAY_ID: '12',
    });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(
      [
        'LISTING_CACHE_TTL_MS',
        'LOG_LEVEL',
        'PASSWORD_SCRYPT_LOG_N',
        'PORT',
        'PROMPTPAY_ID',
        'PUBLIC_URL',
        'SEED_DEMO',
        'TRUST_PROXY',
      ].sort(),
    );
    const lines = err.message.split('\n');
    expect(lines[0]).toBe('8 environment variables are invalid:');
    for (const problem of err.problems) expect(lines).toContain(`- ${problem.message}`);
    for (const problem of err.problems) expect(problem.message.startsWith(problem.variable)).toBe(true);
  });

  it('checks variables that belong together', () => {
    expect(configError({ DATABASE_READ_URL: 'postgres://u:p@replica/db' }).message).toMatch(
      /^DATABASE_READ_URL is set but DATABASE_URL is not/,
    );
    expect(configError({ S3_ENDPOINT: 'http://minio:9000' }).message).toBe('S3_ENDPOINT is set but S3_BUCKET is not');
    expect(configError({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }).message).toMatch(
      /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('never repeats a secret in its error', () => {
    const secrets = ['hunter2-redis', 'hunter2-db', 'hunter2-smtp', 'short-jwt-hunter2', 'hunter2-metrics'];
    const err = configError({
      REDIS_URL: 'redis://:hunter2-redis@cache.example/zero',
      DATABASE_URL: 'mysql://baan:hunter2-db@db/baan',
      DATABASE_READ_URL: 'postgres://baan:hunter2-db@replica/baan',
      SMTP_URL: 'http://mailer:hunter2-smtp@mail',
      JWT_SECRET: 'short-jwt-hunter2',
      METRICS_TOKEN: 'hunter2-metrics',
    });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(
      ['DATABASE_URL', 'JWT_SECRET', 'METRICS_TOKEN', 'REDIS_URL', 'SMTP_URL'].sort(),
    );
    const everything = `${err.message}\n${err.stack}\n${JSON.stringify(err)}\n${JSON.stringify(err.problems)}`;
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(configError({ METRICS_TOKEN: 'has spaces in it, sixteen+' }).message).toMatch(
      /^METRICS_TOKEN must be printable/,
    );
  });

  it('refuses, in production only, an ADMIN_PASSWORD under 12 characters or the README demo password, never echoing it', () => {
    const production = { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@baan.test' };
    for (const weak of ['hunter2', '12345678901', 'BaanAdmin#2026', ' baanadmin#2026 ', 'BAANADMIN#2026']) {
      const err = configError({ ...production, ADMIN_PASSWORD: weak, JWT_SECRET: 'short' });
      // One ConfigError naming every bad variable, this one among them.
      expect(err.problems.map((p) => p.variable).sort()).toEqual(['ADMIN_PASSWORD', 'JWT_SECRET']);
      expect(err.problems.find((p) => p.variable === 'ADMIN_PASSWORD')?.message).toBe(
        'ADMIN_PASSWORD must be at least 12 characters in production and not the demo password from the README',
      );
      const everything = `${err.message}\n${err.stack}\n${JSON.stringify(err.problems)}`;
      expect(everything).not.toContain(weak.trim());
    }
    // At the limit: 12 characters start; outside production the demo password is the demo's.
    expect(loadConfig({ ...production, ADMIN_PASSWORD: 'x'.repeat(12) }).adminPassword).toBe('x'.repeat(12));
    expect(loadConfig({ ADMIN_PASSWORD: 'admin' }).adminPassword).toBe('admin');
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'BaanAdmin#2026' }).adminPassword).toBe('BaanAdmin#2026');
    expect(loadConfig(production).adminPassword).toBeUndefined();
  });

  it('reads MAP_TILE_URL as a tile template and allows its origin in the CSP img-src', async () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: ' https://tiles.example.test/osm/{z}/{x}/{y}@2x.png ' }).mapTileUrl).toBe(
      'https://tiles.example.test/osm/{z}/{x}/{y}@2x.png',
    );
    for (const bad of [
      'tiles.example.test/{z}/{x}/{y}.png',
      'ftp://tiles.example.test/{z}/{x}/{y}.png',
      'https://tiles.example.test/{z}/{x}.png',
      'https://tiles.example.test/{z}/{x}/{y}.png?key={apikey}',
    ]) {
      const err = configError({ MAP_TILE_URL: bad });
      expect(err.problems.map((p) => p.variable)).toEqual(['MAP_TILE_URL']);
      expect(err.message).toMatch(/^MAP_TILE_URL /);
    }
    expect(configError({ MAP_TILE_URL: 'https://t.example/{z}/{x}.png' }).message).toContain('has no {y}');
    expect(tileOrigin('https://{s}.tile.example.test/{z}/{x}/{y}.png')).toBe('https://*.tile.example.test');
    expect(tileOrigin('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');

    const app = await build({ mapTileUrl: 'https://tiles.example.test/osm/{z}/{x}/{y}.png' });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://tiles.example.test");
    expect(app.contentSecurityPolicy([])).toContain("img-src 'self' data: blob: https://tiles.example.test;");
  });
});
