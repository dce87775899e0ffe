import { isIP } from 'node:net';
import path from 'node:path';
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

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function cacheTtl(value: string | undefined): number {
  if (value === undefined || value === '') return 5_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`LISTING_CACHE_TTL_MS must be a whole number of milliseconds, got "${value}"`);
  return n;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

/** Reads configuration from the environment; every variable is optional for a local run. */
export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const p = port(env.PORT);
  const host = env.HOST || '0.0.0.0';
  return {
    port: p,
    host,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${p}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    jobsWorker: flag(env.JOBS_WORKER, true),
    jobsRetryBaseMs: wholeNumber('JOBS_RETRY_BASE_MS', env.JOBS_RETRY_BASE_MS, 5_000),
    jobsRetryMaxMs: wholeNumber('JOBS_RETRY_MAX_MS', env.JOBS_RETRY_MAX_MS, 5 * 60_000),
    jobsPollMs: wholeNumber('JOBS_POLL_MS', env.JOBS_POLL_MS, 1_000),
    webDist: path.resolve(env.WEB_DIST || DEFAULT_WEB_DIST),
    seedDemo: flag(env.SEED_DEMO, false),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    bodyLimit: 1024 * 1024,
    isProduction,
    trustProxy: trustProxy(env.TRUST_PROXY),
    timeouts: DEFAULT_TIMEOUTS,
    listingCacheTtlMs: cacheTtl(env.LISTING_CACHE_TTL_MS),
    redisUrl: redisUrl(env.REDIS_URL),
    jwtSecret: jwtSecret(env.JWT_SECRET),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Baan <no-reply@baan.example>',
    supportEmail: env.SUPPORT_EMAIL?.trim().toLowerCase() || 'support@baan.example',
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    // Tests hash hundreds of passwords; a cheaper cost keeps them fast (hashes record their cost).
    scryptLogN: scryptLogN(env.PASSWORD_SCRYPT_LOG_N, env.NODE_ENV === 'test' ? 14 : 17),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          publicUrl: env.S3_PUBLIC_URL || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? undefined : flag(env.S3_FORCE_PATH_STYLE, true),
        }
      : undefined,
    payments: {
      promptPayId: env.PROMPTPAY_ID || (isProduction ? undefined : DEMO_PROMPTPAY_ID),
      testCards: !isProduction && !env.STRIPE_SECRET_KEY,
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
            apiBase: env.STRIPE_API_BASE || undefined,
          }
        : undefined,
    },
  };
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

/** A Redis URL without its user name and password, for log lines. */
export function redactRedisUrl(value: string): string {
  const url = new URL(value);
  url.username = '';
  url.password = '';
  return url.toString();
}

function jwtSecret(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  return value;
}

function scryptLogN(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 14 || n > 20) {
    throw new Error(`PASSWORD_SCRYPT_LOG_N must be an integer from 14 to 20, got "${value}"`);
  }
  return n;
}
