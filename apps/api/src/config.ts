import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_MAP_TILE_URL } from '@baan/contract';
import { z } from 'zod';
import { type ChallengeRules, DEFAULT_CHALLENGE } from './lib/burst-challenge.ts';
import { ConfigError, type ConfigProblem } from './lib/config-error.ts';
import { DEMO_ADMIN } from './lib/demo-admin.ts';
import type { ImportLimits } from './lib/import-limits.ts';
import { parsePromptPayId } from './lib/promptpay-id.ts';
import { redactRedisUrl } from './lib/redact-url.ts';
import { DEFAULT_SMS_BUDGET, type SmsAllowance, type SmsBudgetRules } from './lib/sms-budget-rules.ts';
import { DEFAULT_WEB_DIST } from './paths.ts';

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; PGlite under dataDir when absent. */
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL; read-only queries go there when set (PostgreSQL only). */
  databaseReadUrl: string | undefined;
  /** Bearer token that opens GET /metrics; /metrics answers 404 when unset. */
  metricsToken: string | undefined;
  /** Whether this process runs background jobs (JOBS_WORKER, on by default); a node can enqueue only. */
  jobsWorker: boolean;
  /** Retry delays of failed jobs: base × 2^(attempt-1), capped at max, with jitter (JOBS_RETRY_BASE_MS, JOBS_RETRY_MAX_MS). */
  jobsRetryBaseMs: number;
  jobsRetryMaxMs: number;
  /** How often an idle worker looks for due jobs (JOBS_POLL_MS). */
  jobsPollMs: number;
  /** New listings of an account younger than this many days wait for review (MODERATION_NEW_OWNER_DAYS; 0: off). */
  moderationNewOwnerDays: number;
  webDist: string;
  seedDemo: boolean;
  logLevel: string;
  /** Largest JSON/urlencoded body the API accepts, in bytes. */
  bodyLimit: number;
  isProduction: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (the default: the socket's address
   * is the client's), a hop count, or a list of proxy addresses and CIDR ranges. Trusting a header
   * nobody strips would let any client pick its own address and dodge every per-IP limit.
   */
  trustProxy: false | number | string[];
  /** Socket, header and whole-request time limits (see httpTimeouts). */
  timeouts: HttpTimeouts;
  /** How long public listing reads are cached in this process (0 turns the cache off). */
  listingCacheTtlMs: number;
  /**
   * How long past that a cached read or page is still served while one background load refreshes it
   * (stale-while-revalidate; 0 makes the reader wait for the new one). A write clears stale entries too.
   */
  listingCacheStaleMs: number;
  /** Most bytes (about) the rendered pages kept in the listing read cache may hold (PAGE_CACHE_MAX_MB). */
  pageCacheMaxBytes: number;
  /** How many page renders that miss the cache one network may ask of this node (ADR 021). */
  pageRenders: PageRenderLimits;
  /** What uploads in progress may hold on this node (services/uploads/upload-budget.ts). */
  uploads: UploadLimits;
  /** When a network's burst of flooded calls is answered with a proof-of-work challenge (ADR 019). */
  challenge: ChallengeRules;
  /**
   * redis:// or rediss:// URL of the rate-limit store every API node shares (ADR 009); counters
   * are kept in this process when absent.
   */
  redisUrl: string | undefined;
  /** HS256 key for access tokens; generated once under dataDir when unset. */
  jwtSecret: string | undefined;
  /** smtp(s)://user:pass@host:port; when unset, mail goes to the dev outbox table and the log. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  mailFrom: string;
  /** Where contact-form messages are mailed (SUPPORT_EMAIL); shown on the contact page too. */
  supportEmail: string;
  /** An admin account created or updated at start-up when both are set. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** log2 of scrypt's cost N for new password hashes (17 = 128 MiB, OWASP's advice). */
  scryptLogN: number;
  /** S3-compatible object storage for uploads; local disk under dataDir/uploads when absent. */
  s3: S3Config | undefined;
  payments: PaymentsConfig;
  /** How SMS (phone verification codes) leave Baan; undefined: phone verification is off (production without a provider). */
  sms: SmsConfig | undefined;
  /** The budget of verification SMS by destination country (ADR 056; DEFAULT_SMS_BUDGET, SMS_BUDGET_*). */
  smsBudget: SmsBudgetRules;
  /** The map tiles' URL template ({z}/{x}/{y}) the web app's maps load (MAP_TILE_URL); its origin is in the CSP's img-src. */
  mapTileUrl: string;
  /** Bulk imports and the fetching of feeds and photos by URL (ADR 030). */
  imports: ImportLimits;
};

/**
 * Time limits for a connection, sized for a 50 MB photo on a slow uplink (about 1 Mbit/s: 50 MB in
 * 400 s) while a client that only trickles bytes is dropped early.
 */
export type HttpTimeouts = {
  /** All request headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /** A socket with no bytes in either direction for this long is closed (Fastify's connectionTimeout). */
  idleMs: number;
  /** The whole request, body included, must arrive within this (Node's requestTimeout). */
  requestMs: number;
  /** Idle keep-alive connections are closed after this. */
  keepAliveMs: number;
  /**
   * A body must arrive at this many bytes per second on average, measured from minBodyRateGraceMs
   * after the request started; slower clients are disconnected (0 turns the check off).
   */
  minBodyBytesPerSecond: number;
  minBodyRateGraceMs: number;
};

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  idleMs: 30_000,
  requestMs: 10 * 60_000,
  keepAliveMs: 5_000,
  // 2 KB/s: far below any real phone line (50 MB at 2 KB/s would take 7 hours, so a real upload
  // meets it easily), far above a trickle of a byte every few seconds.
  minBodyBytesPerSecond: 2_048,
  minBodyRateGraceMs: 20_000,
};

/**
 * Renders that miss the page cache, per client network (IPv4 address, IPv6 /64) and node: a token bucket of `burst`
 * renders refilled at `perSecond`. A network with an empty bucket is refused (429) only while the node is busy (at
 * least `busyAt` uncached renders in progress, or its event loop at least `busyUtilization` busy over the last half
 * second: PGlite's queries and React's render hold the loop, so a flood queues up unread rather than in progress),
 * so a quiet node serves everyone, however many people share one address (mobile carriers' NAT), and a busy one
 * serves the networks that are not flooding it first.
 */
export type PageRenderLimits = { burst: number; perSecond: number; busyAt: number; busyUtilization: number };
export const DEFAULT_PAGE_RENDER_LIMITS: PageRenderLimits = {
  burst: 4,
  perSecond: 1,
  busyAt: 4,
  busyUtilization: 0.8,
};

/** Uploads in progress on one node: per account, and the temporary bytes of all of them together. */
export type UploadLimits = { perAccount: number; maxTmpBytes: number };
export const UPLOADS_PER_ACCOUNT = 2;

/**
 * SMS provider (ADR 036): `demo` writes each message to the demo outbox (mail_outbox) and the local log, never
 * in production; `http` POSTs JSON to SMS_API_URL with SMS_API_TOKEN. Outside production it defaults to demo.
 */
export type SmsConfig =
  | { provider: 'demo' }
  | { provider: 'http'; url: string; token: string; timeoutMs: number; sender: string | undefined };

/** How long the SMS provider has to answer before the send counts as failed (the job retries). */
export const SMS_TIMEOUT_MS = 5_000;

export type PaymentsConfig = {
  /**
   * The PromptPay ID QR payments go to (mobile number, 13-digit tax ID or 15-digit e-wallet).
   * Outside production it defaults to DEMO_PROMPTPAY_ID, which reaches nobody; in production QR
   * payments are off until it is set.
   */
  promptPayId: string | undefined;
  /**
   * The built-in test card processor ("test mode": 4242… pays, no money moves) when Stripe is not
   * configured. Never in production, where card payments stay off until Stripe is set up.
   */
  testCards: boolean;
  /** Card payments through Stripe when set. */
  stripe:
    | {
        secretKey: string;
        /** whsec_…: checks the signature of POST /api/payment/stripe/webhook. */
        webhookSecret: string | undefined;
        /** pk_…: for Stripe.js in the browser. */
        publishableKey: string | undefined;
        /** Another API base, e.g. stripe-mock; the real API when absent. */
        apiBase: string | undefined;
      }
    | undefined;
};

/** An all-zero tax ID: a well-formed PromptPay target that no bank account has. */
export const DEMO_PROMPTPAY_ID = '0000000000000';

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  publicUrl: string | undefined;
  forcePathStyle: boolean | undefined;
};

type Env = Record<string, string | undefined>;

/** Unset and empty are the same: the variable takes its default. */
const isUnset = (value: string | undefined): value is undefined | '' => value === undefined || value === '';

/**
 * One variable: `read` turns its raw text into the setting (or its default) and throws an Error
 * whose message names the variable for a bad value; the schema records that message as the issue.
 */
function variable<T>(read: (value: string | undefined) => T) {
  return z
    .string({ error: 'must be text' })
    .optional()
    .transform((value, ctx) => {
      try {
        return read(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    });
}

const text = (fallback: string) => variable((v) => (isUnset(v) ? fallback : v));
const optionalText = () => variable((v) => (isUnset(v) ? undefined : v));

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

function flag(name: string, fallback: boolean) {
  return variable((v) => {
    if (isUnset(v)) return fallback;
    const word = v.trim().toLowerCase();
    if (TRUE.includes(word)) return true;
    if (FALSE.includes(word)) return false;
    throw new Error(`${name} must be on or off (1/0, true/false, yes/no, on/off), got "${v}"`);
  });
}

function wholeNumber<F extends number | undefined = number>(name: string, fallback: F, what = 'a whole number') {
  return variable((v): number | F => {
    if (isUnset(v)) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be ${what}, got "${v}"`);
    return n;
  });
}

/** SMS per hour and per day, written "hour/day" (e.g. "10/40"; ADR 056). */
function smsAllowance(name: string, fallback: SmsAllowance) {
  return variable((v): SmsAllowance => {
    if (isUnset(v)) return fallback;
    const m = v.length <= 24 ? /^\s*(\d{1,7})\s*\/\s*(\d{1,8})\s*$/.exec(v) : null;
    if (!m)
      throw new Error(
        `${name} must be "<per hour>/<per day>" in whole numbers, such as "10/40", got "${v.slice(0, 24)}"`,
      );
    const hour = Number(m[1]);
    const day = Number(m[2]);
    if (day < hour) throw new Error(`${name}'s daily budget must be at least its hourly one, got "${v}"`);
    return { hour, day };
  });
}

/**
 * Calling codes with a budget of their own, "<code>=<per hour>/<per day>" separated by commas ("95=20/80,86=20/80";
 * "none" for no such code). Set, it replaces the default list whole.
 */
function smsCountryAllowances(name: string, fallback: Readonly<Record<string, SmsAllowance>>) {
  return variable((v): Readonly<Record<string, SmsAllowance>> => {
    if (isUnset(v)) return fallback;
    if (v.trim() === 'none') return {};
    const entries = v.length <= 400 ? v.split(',') : null;
    const parsed = entries?.map((entry) => /^\s*(\d{1,3})\s*=\s*(\d{1,7})\s*\/\s*(\d{1,8})\s*$/.exec(entry));
    if (!parsed || parsed.some((m) => !m))
      throw new Error(
        `${name} must be "<calling code>=<per hour>/<per day>" separated by commas, such as "95=20/80,86=20/80", got "${v.slice(0, 40)}"`,
      );
    const allowances: Record<string, SmsAllowance> = {};
    for (const m of parsed as RegExpExecArray[]) {
      const [, code, hour, day] = m as unknown as [string, string, string, string];
      if (Number(day) < Number(hour))
        throw new Error(`${name}: the daily budget of +${code} must be at least its hourly one`);
      if (code === '66') throw new Error(`${name}: Thailand (+66) has SMS_BUDGET_HOME`);
      allowances[code] = { hour: Number(hour), day: Number(day) };
    }
    return allowances;
  });
}

/** An absolute http(s) URL without trailing slashes (the value is not secret). */
function httpUrl(name: string) {
  return variable((v) => {
    if (isUnset(v)) return undefined;
    let url: URL;
    try {
      url = new URL(v.trim());
    } catch {
      throw new Error(`${name} must be an absolute http:// or https:// URL, got "${v}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`${name} must be an absolute http:// or https:// URL, got "${v}"`);
    return v.trim().replace(/(?<!\/)\/+$/, '');
  });
}

/**
 * A connection URL with one of `protocols`. It usually holds a password, so the error names the
 * variable and what was expected, never the value.
 */
function secretUrl(name: string, protocols: string[], example: string) {
  return variable((v) => {
    if (isUnset(v)) return undefined;
    let url: URL;
    try {
      url = new URL(v.trim());
    } catch {
      throw new Error(`${name} is not a URL; expected ${example}`);
    }
    if (!protocols.includes(url.protocol))
      throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}; expected ${example}`);
    return v.trim();
  });
}

/**
 * MAP_TILE_URL: an absolute http(s) URL template of map tiles with {z}, {x} and {y} (Leaflet's form; {s} and {r}
 * may appear too). The value is public (every browser loads it), so the error repeats it.
 */
export function mapTileUrl(value: string | undefined): string {
  if (isUnset(value)) return DEFAULT_MAP_TILE_URL;
  const v = value.trim();
  const expected =
    'an http:// or https:// URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  let url: URL;
  try {
    url = new URL(v.replace(/\{[a-z]+\}/g, '0'));
  } catch {
    throw new Error(`MAP_TILE_URL must be ${expected}, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`MAP_TILE_URL must be ${expected}, got "${value}"`);
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !v.includes(part));
  if (missing.length > 0) throw new Error(`MAP_TILE_URL must be ${expected}; "${value}" has no ${missing.join(', ')}`);
  if (/\{(?![szxyr]\})/.test(v))
    throw new Error(`MAP_TILE_URL may hold only {s}, {z}, {x}, {y} and {r} as placeholders, got "${value}"`);
  return v;
}

/**
 * The origin a tile template's images come from, as a CSP source: `https://tile.openstreetmap.org`, or with a
 * subdomain placeholder (`https://{s}.tile.example`) the wildcard `https://*.tile.example`.
 */
export function tileOrigin(template: string): string {
  const url = new URL(template.replace(/\{[a-z]+\}/g, 'a'));
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(template)?.[1] ?? url.host;
  if (!host.includes('{')) return url.origin;
  const [, ...rest] = url.host.split('.');
  return `${url.protocol}//*.${rest.join('.')}`;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Every environment variable the server reads, each parsed on its own (so all bad ones are reported
 * together). Anything else in the environment is ignored.
 */
const variables = {
  NODE_ENV: optionalText(),
  PORT: variable(port),
  HOST: text('0.0.0.0'),
  PUBLIC_URL: httpUrl('PUBLIC_URL'),
  DATA_DIR: variable((v) => path.resolve(isUnset(v) ? './data' : v)),
  DATABASE_URL: secretUrl('DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/db'),
  DATABASE_READ_URL: secretUrl(
    'DATABASE_READ_URL',
    ['postgres:', 'postgresql:'],
    'postgres://user:password@replica:5432/db',
  ),
  METRICS_TOKEN: variable(metricsToken),
  JOBS_WORKER: flag('JOBS_WORKER', true),
  JOBS_RETRY_BASE_MS: wholeNumber('JOBS_RETRY_BASE_MS', 5_000),
  JOBS_RETRY_MAX_MS: wholeNumber('JOBS_RETRY_MAX_MS', 5 * 60_000),
  JOBS_POLL_MS: wholeNumber('JOBS_POLL_MS', 1_000),
  MODERATION_NEW_OWNER_DAYS: wholeNumber('MODERATION_NEW_OWNER_DAYS', 7),
  SMS_BUDGET_HOME: smsAllowance('SMS_BUDGET_HOME', DEFAULT_SMS_BUDGET.home),
  SMS_BUDGET_COUNTRY: smsAllowance('SMS_BUDGET_COUNTRY', DEFAULT_SMS_BUDGET.country),
  SMS_BUDGET_ABROAD: smsAllowance('SMS_BUDGET_ABROAD', DEFAULT_SMS_BUDGET.abroad),
  SMS_BUDGET_COUNTRIES: smsCountryAllowances('SMS_BUDGET_COUNTRIES', DEFAULT_SMS_BUDGET.countries),
  SMS_BUDGET_RESERVED_PERCENT: variable((v) => {
    if (isUnset(v)) return DEFAULT_SMS_BUDGET.reservedPercent;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 100)
      throw new Error(`SMS_BUDGET_RESERVED_PERCENT must be a whole number from 0 to 100, got "${v}"`);
    return n;
  }),
  SMS_BUDGET_ESTABLISHED_DAYS: wholeNumber('SMS_BUDGET_ESTABLISHED_DAYS', DEFAULT_SMS_BUDGET.establishedDays),
  IMPORT_ALLOWED_HOSTS: variable((v) =>
    isUnset(v)
      ? []
      : v
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
  ),
  IMPORT_MAX_MB: wholeNumber('IMPORT_MAX_MB', 50, 'a whole number of megabytes'),
  IMPORT_TIMEOUT_MS: wholeNumber('IMPORT_TIMEOUT_MS', 60_000, 'a whole number of milliseconds'),
  IMPORT_MAX_ROWS: wholeNumber('IMPORT_MAX_ROWS', 20_000, 'a whole number of rows'),
  WEB_DIST: variable((v) => path.resolve(isUnset(v) ? DEFAULT_WEB_DIST : v)),
  SEED_DEMO: flag('SEED_DEMO', false),
  LOG_LEVEL: variable((v) => {
    if (isUnset(v)) return undefined;
    if (!LOG_LEVELS.includes(v)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${v}"`);
    return v;
  }),
  TRUST_PROXY: variable(trustProxy),
  LISTING_CACHE_TTL_MS: wholeNumber('LISTING_CACHE_TTL_MS', undefined, 'a whole number of milliseconds'),
  LISTING_CACHE_STALE_MS: wholeNumber('LISTING_CACHE_STALE_MS', undefined, 'a whole number of milliseconds'),
  PAGE_CACHE_MAX_MB: wholeNumber('PAGE_CACHE_MAX_MB', 64, 'a whole number of megabytes'),
  PAGE_RENDER_BURST: wholeNumber('PAGE_RENDER_BURST', DEFAULT_PAGE_RENDER_LIMITS.burst, 'a whole number of renders'),
  UPLOAD_TMP_MAX_MB: wholeNumber('UPLOAD_TMP_MAX_MB', 1024, 'a whole number of megabytes'),
  REDIS_URL: variable(redisUrl),
  JWT_SECRET: variable(jwtSecret),
  SMTP_URL: secretUrl('SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.com:587'),
  MAIL_FROM: text('Baan <no-reply@baan.example>'),
  SUPPORT_EMAIL: variable((v) => v?.trim().toLowerCase() || 'support@baan.example'),
  ADMIN_EMAIL: variable((v) => v?.trim().toLowerCase() || undefined),
  ADMIN_PASSWORD: optionalText(),
  PASSWORD_SCRYPT_LOG_N: variable(scryptLogN),
  CHALLENGE_BURST: variable((v) => {
    if (isUnset(v)) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`CHALLENGE_BURST must be a whole number (0: off), got "${v}"`);
    return n;
  }),
  CHALLENGE_BITS: challengeBits('CHALLENGE_BITS', DEFAULT_CHALLENGE.bits),
  CHALLENGE_MAX_BITS: challengeBits('CHALLENGE_MAX_BITS', DEFAULT_CHALLENGE.maxBits),
  S3_BUCKET: optionalText(),
  S3_REGION: text('us-east-1'),
  S3_ENDPOINT: httpUrl('S3_ENDPOINT'),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  S3_PUBLIC_URL: httpUrl('S3_PUBLIC_URL'),
  // Unset: the storage decides (path-style with an endpoint); set but empty counts as on.
  S3_FORCE_PATH_STYLE: variable((v) => (v === undefined ? undefined : v === '' ? true : flagValue(v))),
  PROMPTPAY_ID: variable((v) => {
    if (isUnset(v)) return undefined;
    parsePromptPayId(v);
    return v;
  }),
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  STRIPE_PUBLISHABLE_KEY: optionalText(),
  STRIPE_API_BASE: httpUrl('STRIPE_API_BASE'),
  MAP_TILE_URL: variable(mapTileUrl),
  SMS_PROVIDER: variable((v) => {
    if (isUnset(v)) return undefined;
    const name = v.trim().toLowerCase();
    if (name !== 'demo' && name !== 'http') throw new Error(`SMS_PROVIDER must be demo or http, got "${v}"`);
    return name as 'demo' | 'http';
  }),
  SMS_API_URL: httpUrl('SMS_API_URL'),
  SMS_API_TOKEN: optionalText(),
  SMS_SENDER: optionalText(),
};

function flagValue(v: string): boolean {
  const word = v.trim().toLowerCase();
  if (TRUE.includes(word)) return true;
  if (FALSE.includes(word)) return false;
  throw new Error(`S3_FORCE_PATH_STYLE must be on or off (1/0, true/false, yes/no, on/off), got "${v}"`);
}

/** The names of every environment variable loadConfig reads (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.freeze(Object.keys(variables));

type Parsed = { [K in keyof typeof variables]: z.output<(typeof variables)[K]> };

/** Whether a variable was given (and parsed): a failed one is neither set nor unset, so it adds no second error. */
const given = (value: unknown) => value !== undefined && (typeof value !== 'object' || value === null);

/** The shortest ADMIN_PASSWORD a production start takes. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Rules between variables; run even when single variables failed, so one start lists every problem. */
function checkTogether(env: Parsed, ctx: z.RefinementCtx) {
  // Production: the admin's password is not `admin` nor the README's public demo password (the value is never echoed).
  if (env.NODE_ENV === 'production' && typeof env.ADMIN_PASSWORD === 'string') {
    const password = env.ADMIN_PASSWORD;
    if (
      password.length < ADMIN_PASSWORD_MIN_LENGTH ||
      password.trim().toLowerCase() === DEMO_ADMIN.password.toLowerCase()
    )
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: `ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters in production and not the demo password from the README`,
      });
  }
  // SMS (ADR 036): production never uses the demo provider, and the HTTP provider needs its URL and token.
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'demo')
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message:
        'SMS_PROVIDER=demo is refused in production: it sends no SMS (set SMS_PROVIDER=http with SMS_API_URL and SMS_API_TOKEN)',
    });
  const httpChosen =
    env.SMS_PROVIDER === 'http' ||
    (env.NODE_ENV === 'production' &&
      env.SMS_PROVIDER === undefined &&
      (given(env.SMS_API_URL) || given(env.SMS_API_TOKEN)));
  if (httpChosen) {
    for (const name of ['SMS_API_URL', 'SMS_API_TOKEN'] as const)
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required for SMS_PROVIDER=http` });
  }
  if (given(env.DATABASE_READ_URL) && env.DATABASE_URL === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_READ_URL'],
      message:
        'DATABASE_READ_URL is set but DATABASE_URL is not: a read replica needs a PostgreSQL primary (PGlite has no replicas)',
    });
  if (env.S3_BUCKET === undefined) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const)
      if (given(env[name]))
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is set but S3_BUCKET is not` });
  } else if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS default chain)',
    });
  }
}

function toConfig(env: Parsed): Config {
  const isProduction = env.NODE_ENV === 'production';
  const isTest = env.NODE_ENV === 'test';
  const invalidatesEverywhere = env.DATABASE_URL === undefined || env.REDIS_URL !== undefined;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    metricsToken: env.METRICS_TOKEN,
    jobsWorker: env.JOBS_WORKER,
    jobsRetryBaseMs: env.JOBS_RETRY_BASE_MS,
    jobsRetryMaxMs: env.JOBS_RETRY_MAX_MS,
    jobsPollMs: env.JOBS_POLL_MS,
    moderationNewOwnerDays: env.MODERATION_NEW_OWNER_DAYS,
    imports: {
      allowedHosts: env.IMPORT_ALLOWED_HOSTS,
      maxBytes: env.IMPORT_MAX_MB * 1024 * 1024,
      timeoutMs: env.IMPORT_TIMEOUT_MS,
      maxRows: env.IMPORT_MAX_ROWS,
    },
    webDist: env.WEB_DIST,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
    bodyLimit: 1024 * 1024,
    isProduction,
    trustProxy: env.TRUST_PROXY,
    timeouts: DEFAULT_TIMEOUTS,
    // Every write drops the cached reads and pages on every node that hears of it: the one process of PGlite, or all
    // of them through Redis. Then the lifetime only bounds what changes without a write (the clock), and 30 s (served
    // 30 s more while one background render replaces it) keeps a listing page from being rendered again every few
    // seconds (issue 27: /detail p99 at 200 page loads a second). PostgreSQL without Redis may have nodes that never
    // hear of another's write: 5 s, and never stale.
    listingCacheTtlMs: env.LISTING_CACHE_TTL_MS ?? (invalidatesEverywhere ? 30_000 : 5_000),
    listingCacheStaleMs: env.LISTING_CACHE_STALE_MS ?? (invalidatesEverywhere ? 30_000 : 0),
    pageCacheMaxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    // A test run's own work keeps its event loop busy: its tests would be refused pages at random. The tests of the
    // limit set their own.
    pageRenders: isTest
      ? { ...DEFAULT_PAGE_RENDER_LIMITS, busyAt: Number.POSITIVE_INFINITY, busyUtilization: Number.POSITIVE_INFINITY }
      : { ...DEFAULT_PAGE_RENDER_LIMITS, burst: Math.max(1, env.PAGE_RENDER_BURST) },
    uploads: { perAccount: UPLOADS_PER_ACCOUNT, maxTmpBytes: env.UPLOAD_TMP_MAX_MB * 1024 * 1024 },
    // Tests send many calls from one address: the challenge would answer them at random. Its tests set their own.
    challenge: {
      ...DEFAULT_CHALLENGE,
      burst: env.CHALLENGE_BURST ?? (isTest ? 0 : DEFAULT_CHALLENGE.burst),
      bits: env.CHALLENGE_BITS,
      maxBits: Math.max(env.CHALLENGE_BITS, env.CHALLENGE_MAX_BITS),
    },
    redisUrl: env.REDIS_URL,
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    // Tests hash hundreds of passwords; a cheaper cost keeps them fast (hashes record their cost).
    scryptLogN: env.PASSWORD_SCRYPT_LOG_N ?? (isTest ? 14 : 17),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    payments: {
      promptPayId: env.PROMPTPAY_ID ?? (isProduction ? undefined : DEMO_PROMPTPAY_ID),
      testCards: !isProduction && !env.STRIPE_SECRET_KEY,
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    },
    mapTileUrl: env.MAP_TILE_URL,
    sms: smsConfig(env, isProduction),
    smsBudget: {
      home: env.SMS_BUDGET_HOME,
      country: env.SMS_BUDGET_COUNTRY,
      abroad: env.SMS_BUDGET_ABROAD,
      countries: env.SMS_BUDGET_COUNTRIES,
      reservedPercent: env.SMS_BUDGET_RESERVED_PERCENT,
      establishedDays: env.SMS_BUDGET_ESTABLISHED_DAYS,
    },
  };
}

function smsConfig(env: Parsed, isProduction: boolean): SmsConfig | undefined {
  const provider = env.SMS_PROVIDER ?? (env.SMS_API_URL ? 'http' : isProduction ? undefined : 'demo');
  if (provider === 'demo') return isProduction ? undefined : { provider: 'demo' };
  if (provider === 'http' && env.SMS_API_URL && env.SMS_API_TOKEN)
    return {
      provider: 'http',
      url: env.SMS_API_URL,
      token: env.SMS_API_TOKEN,
      timeoutMs: SMS_TIMEOUT_MS,
      sender: env.SMS_SENDER,
    };
  return undefined;
}

/**
 * The environment as one schema: each variable parsed on its own, then the rules between them,
 * then the Config. Unknown variables are ignored.
 */
export const configSchema = z
  .object(variables)
  .superRefine(checkTogether, { when: () => true })
  .transform(toConfig);

/**
 * Reads configuration from the environment; every variable is optional for a local run. Throws a
 * ConfigError naming every bad variable at once (secrets' values are never repeated).
 */
export function loadConfig(env: Env = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue): ConfigProblem => {
    const name = String(issue.path[0] ?? 'environment');
    return { variable: name, message: issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}` };
  });
  throw new ConfigError(problems);
}

function port(value: string | undefined): number {
  if (isUnset(value)) return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

/** A bearer token for GET /metrics: long enough that guessing it is hopeless. Never repeated. */
function metricsToken(value: string | undefined): string | undefined {
  if (isUnset(value)) return undefined;
  if (value.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long');
  if (!/^[\x21-\x7e]+$/.test(value))
    throw new Error('METRICS_TOKEN must be printable ASCII without spaces (it is sent in an HTTP header)');
  return value;
}

/**
 * TRUST_PROXY: unset, "", "0", "false" or "off" trusts no proxy; a whole number trusts that many
 * hops in front of the server; anything else is a comma-separated list of proxy addresses or CIDR
 * ranges (IPv4 or IPv6). "true" is refused: trusting every hop lets any client forge its address.
 */
export function trustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error(`TRUST_PROXY hop count must be from 0 to 10, got "${v}"`);
    return hops;
  }
  if (['true', 'on', 'yes', 'all'].includes(v.toLowerCase()))
    throw new Error(
      'TRUST_PROXY=true would let any client forge its address; give the number of proxies in front of Baan (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > max);
    if (!family || badBits || rest.length > 0)
      throw new Error(
        `TRUST_PROXY must be a hop count or a comma-separated list of IP addresses or CIDR ranges; "${entry}" is neither`,
      );
  }
  return entries;
}

/**
 * A redis:// or rediss:// (TLS) URL with a host and an optional database number. The error never
 * repeats the value: it may hold a password.
 */
function redisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const example = 'redis://[:password@]host[:port][/db], e.g. redis://127.0.0.1:6379/0';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`REDIS_URL is not a URL; expected ${example}`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got ${url.protocol}//); expected ${example}`);
  if (!url.hostname) throw new Error(`REDIS_URL has no host; expected ${example}`);
  if (!/^(\/\d{0,2})?$/.test(url.pathname))
    throw new Error(`REDIS_URL's path must be a database number such as /0; expected ${example}`);
  return value.trim();
}

function jwtSecret(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  return value;
}

/** log2 N for scrypt; undefined (unset) takes the default for the environment. */
/** Zero bits of a challenge: 1 to 30 (2^30 SHA-256s is already minutes in a browser). */
function challengeBits(name: string, fallback: number) {
  return variable((v) => {
    if (isUnset(v)) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 30)
      throw new Error(`${name} must be a whole number from 1 to 30, got "${v}"`);
    return n;
  });
}

function scryptLogN(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 14 || n > 20) {
    throw new Error(`PASSWORD_SCRYPT_LOG_N must be an integer from 14 to 20, got "${value}"`);
  }
  return n;
}

export { ConfigError, type ConfigProblem, redactRedisUrl };
