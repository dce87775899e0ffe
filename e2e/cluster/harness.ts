// The pieces of a real Baan deployment with several nodes, started on this machine for a test:
// a PostgreSQL primary (initdb/pg_ctl) with an optional streaming replica (pg_basebackup -R),
// redis-server, an S3-compatible server (s3rver), an SMTP receiver (smtp-server), and API nodes
// (`node apps/api/bin/baan.js`, the production build). Every piece listens on a free 127.0.0.1
// port and keeps its files in its own temporary folder; every stop() is idempotent, and whatever
// is still running when the test process exits is killed by the pid this harness kept (never by
// name). A missing binary fails with how to install it: nothing is skipped.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../support/app.ts';

export { freePort };

const SERVER = fileURLToPath(new URL('../../apps/api/bin/baan.js', import.meta.url));
const BUILT_SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Emergency cleanup: what a crashed or interrupted test leaves running is killed on exit.

const emergency = new Map<string, () => void>();
let exitHookInstalled = false;
function onExit(id: string, kill: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const stop of emergency.values()) {
        try {
          stop();
        } catch {
          // already gone
        }
      }
    });
  }
  emergency.set(id, kill);
  return () => emergency.delete(id);
}

/** Polls `check` until it holds; throws `what` after `timeoutMs`. Returns how long it took. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const PG_INSTALL_HINT = 'Install PostgreSQL with: sudo apt-get install -y postgresql (or set PG_BIN to its bin folder)';

/** The newest /usr/lib/postgresql/<version>/bin with the server tools (or PG_BIN). */
export function findPgBin(): string {
  const tools = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`);
  const found = candidates.find((dir) => tools.every((tool) => existsSync(path.join(dir, tool))));
  if (!found) throw new Error(`PostgreSQL server binaries (${tools.join(', ')}) not found. ${PG_INSTALL_HINT}`);
  return found;
}

const isRoot = () => process.getuid?.() === 0;

/** initdb and postgres refuse to run as root: as root (CI), the tools run as the postgres user. */
function postgresUser(): { uid: number; gid: number } | null {
  if (!isRoot()) return null;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error(`running as root, but there is no "postgres" user to run PostgreSQL as. ${PG_INSTALL_HINT}`);
  return { uid, gid };
}

const shellQuote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Runs a PostgreSQL tool (as the postgres user when this process is root); rejects with its output. */
function runPgTool(bin: string, tool: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const command = [path.join(bin, tool), ...args];
  const [file, argv] = isRoot()
    ? ['su', ['postgres', '-s', '/bin/sh', '-c', command.map(shellQuote).join(' ')]]
    : [command[0] as string, command.slice(1)];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${tool} ${args.join(' ')} failed (${signal ?? code}):\n${output}`));
    });
  });
}

export type PostgresServer = {
  /** postgres://…/baan on the primary. */
  url: string;
  /** postgres://…/baan on the streaming replica; undefined without one. */
  replicaUrl: string | undefined;
  port: number;
  replicaPort: number | undefined;
  dir: string;
  /** The primary's server log (every statement when started with logStatements). */
  primaryLog: () => string;
  replicaLog: () => string;
  /** One query on the primary, or on the replica with `{ replica: true }`. */
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    where?: { replica?: boolean },
  ) => Promise<R[]>;
  /** Immediate shutdown of both servers, then the folder is removed; idempotent. */
  stop: () => Promise<void>;
};

export type PostgresOptions = {
  /** A hot standby made with pg_basebackup -R, streaming from the primary. */
  replica?: boolean;
  /** log_statement=all on both servers (the log then tells which server ran a query). */
  logStatements?: boolean;
};

/**
 * A throwaway PostgreSQL primary (and, with `replica`, a real streaming hot standby) on free
 * 127.0.0.1 ports, with a database named `baan`. Durability settings are off: nothing here must
 * survive the test.
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPgBin();
  const owner = postgresUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'baan-cluster-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const primaryLogFile = path.join(dir, 'primary.log');
  const replicaLogFile = path.join(dir, 'replica.log');
  const started: string[] = [];
  const stopServer = (dataDir: string) =>
    runPgTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop'], 20_000).catch(() => '');
  // SIGQUIT to the postmaster (its pid from postmaster.pid) is PostgreSQL's immediate shutdown.
  const killNow = () => {
    for (const dataDir of started) {
      try {
        const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGQUIT');
      } catch {
        // not running
      }
    }
  };
  const forget = onExit(`postgres:${dir}`, killNow);
  let stopped = false;
  const clients: pg.Client[] = [];
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    for (const dataDir of started.reverse()) await stopServer(dataDir);
    forget();
    rmSync(dir, { recursive: true, force: true });
  };

  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 100',
      'shared_buffers = 32MB',
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      // A standby sends its replay position often, so waits for it stay short.
      'wal_receiver_status_interval = 1s',
      `log_line_prefix = '%m [%p] %a '`,
      ...(options.logStatements ? [`log_statement = 'all'`] : []),
      '',
    ].join('\n');

  try {
    const port = await freePort();
    await runPgTool(bin, 'initdb', [
      '-D',
      primaryDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    // Appended as root keeps the file's owner (postgres); later lines win over initdb's.
    await appendFile(path.join(primaryDir, 'postgresql.conf'), `\n${settings(port)}`);
    await runPgTool(bin, 'pg_ctl', ['-D', primaryDir, '-l', primaryLogFile, '-w', '-t', '60', 'start']);
    started.push(primaryDir);
    const base = `postgres://postgres@127.0.0.1:${port}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE baan');
    await admin.end();

    let replicaPort: number | undefined;
    if (options.replica) {
      replicaPort = await freePort();
      // initdb's pg_hba.conf (-A trust) lets 127.0.0.1 connect for replication.
      await runPgTool(bin, 'pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ]);
      await appendFile(path.join(replicaDir, 'postgresql.conf'), `\n${settings(replicaPort)}`);
      await runPgTool(bin, 'pg_ctl', ['-D', replicaDir, '-l', replicaLogFile, '-w', '-t', '60', 'start']);
      started.push(replicaDir);
    }
    const url = `${base}/baan`;
    const replicaUrl = replicaPort ? `postgres://postgres@127.0.0.1:${replicaPort}/baan` : undefined;
    const connect = async (connectionString: string) => {
      const client = new pg.Client({ connectionString, application_name: 'cluster-test' });
      client.on('error', () => undefined);
      await client.connect();
      clients.push(client);
      return client;
    };
    const primaryClient = await connect(url);
    const replicaClient = replicaUrl ? await connect(replicaUrl) : undefined;
    const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
    return {
      url,
      replicaUrl,
      port,
      replicaPort,
      dir,
      primaryLog: () => readLog(primaryLogFile),
      replicaLog: () => readLog(replicaLogFile),
      async query(text, params, where) {
        const client = where?.replica ? replicaClient : primaryClient;
        if (!client) throw new Error('this PostgreSQL has no replica');
        return (await client.query(text, params)).rows;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Redis

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH || 'redis-server';

export type RedisServer = { url: string; port: number; pid: number; stop: () => Promise<void> };

/** A throwaway redis-server on a free port (or `port`, to bring one back on the same address). */
export async function startRedis(port?: number): Promise<RedisServer> {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new Error(`redis-server not found (${REDIS_SERVER}). Install it with: sudo apt-get install -y redis-server`);
  const dir = mkdtempSync(path.join(tmpdir(), 'baan-cluster-redis-'));
  const listen = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    ['--save', '', '--appendonly', 'no', '--port', String(listen), '--bind', '127.0.0.1', '--dir', dir],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const handle = trackChild(child, `redis:${listen}`);
  try {
    await handle.waitForOutput('Ready to accept connections', 10_000);
  } catch (err) {
    await handle.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${listen}`,
    port: listen,
    pid: handle.pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      await handle.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// S3 (s3rver, in this process)

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The S3_* variables a node needs. */
  env: Record<string, string>;
  /** Keys of the objects stored in the bucket now. */
  objectKeys: () => string[];
  stop: () => Promise<void>;
};

/** An S3-compatible server (s3rver) on a free port with one empty bucket, storing under a temp folder. */
export async function startS3(bucket = 'baan-cluster'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'baan-cluster-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = path.join(directory, bucket);
  let stopped = false;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    objectKeys: () =>
      existsSync(bucketDir)
        ? readdirSync(bucketDir, { recursive: true })
            .map(String)
            .filter((f) => f.endsWith('._S3rver_object'))
            .map((f) => f.slice(0, -'._S3rver_object'.length))
            .sort()
        : [],
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SMTP receiver (in this process)

/** A received message: the envelope's recipients and the raw message with its text decoded. */
export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string; at: number };

export type SmtpReceiver = {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Messages whose envelope names `address`. */
  to: (address: string) => ReceivedMail[];
  /** Resolves with the first message (already here or arriving later) that matches. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  stop: () => Promise<void>;
};

function decodeQuotedPrintable(value: string): string {
  const soft = value.replace(/=\r?\n/g, '');
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The text/plain part of a nodemailer message, decoded (enough MIME for what Baan sends). */
export function mailText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const plain = parts.find((p) => /content-type:\s*text\/plain/i.test(p.split(/\r?\n\r?\n/)[0] ?? '')) ?? raw;
  const at = plain.search(/\r?\n\r?\n/);
  const head = at < 0 ? '' : plain.slice(0, at);
  const body = at < 0 ? plain : plain.slice(at).replace(/^\r?\n\r?\n/, '');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The 4-digit code of a sign-up or reset mail. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail.text}`);
  return code;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives; `port` to reuse one. */
export async function startSmtp(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '',
          text: mailText(raw),
          raw,
          at: Date.now(),
        });
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  // A connection a node drops mid-session (node A is killed while its mail job talks to this server) is reported on
  // the server; without a listener that report would end the test process as an uncaught ECONNRESET.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  let stopped = false;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    mails,
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes we own (kept by pid, killed by pid)

function trackChild(child: ChildProcess, id: string) {
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${id}: the process did not start`);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const forget = onExit(`${id}:${pid}`, () => {
    if (running()) process.kill(pid, 'SIGKILL');
  });
  void exited.then(forget);
  return {
    pid,
    output: () => output,
    exited,
    running,
    waitForOutput(text: string, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${id}: "${text}" not seen within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        void exited.then(({ code, signal }) => {
          if (!output.includes(text)) {
            done();
            reject(new Error(`${id} exited (${signal ?? code}) before "${text}":\n${output}`));
          }
        });
        waiters.add(check);
        check();
      });
    },
    async kill(signal: NodeJS.Signals) {
      if (running()) process.kill(pid, signal);
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// API nodes

export type NodeOptions = {
  /** A label for errors and logs ("A", "B"). */
  name: string;
  /** The environment every node shares (clusterEnv) plus anything of this node's own. */
  env: Record<string, string>;
  /** Listen here (a restart on the same address); a free port otherwise. */
  port?: number;
  /** This node's DATA_DIR (kept across a restart); a new temp folder otherwise. */
  dataDir?: string;
};

export type ApiNode = {
  name: string;
  url: string;
  port: number;
  /** The server's own pid (node apps/api/bin/baan.js, no wrapper). */
  pid: number;
  dataDir: string;
  options: NodeOptions;
  /** Everything the server printed (pino JSON lines). */
  logs: () => string;
  running: () => boolean;
  /** A signal to the server's pid (SIGKILL: a crash or power cut), then waits for it to exit. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** SIGTERM (graceful), wait; the DATA_DIR is removed unless it was given. */
  stop: () => Promise<void>;
};

/** Throws unless the production build exists (the node runs apps/api/dist/server.js). */
export function assertBuilt(): void {
  if (!existsSync(BUILT_SERVER))
    throw new Error('The app is not built (apps/api/dist/server.js): run `npm run build` first (npm test does).');
}

/** Starts one API node from the production build and waits until GET /api/health answers 200. */
export async function startNode(options: NodeOptions): Promise<ApiNode> {
  assertBuilt();
  const port = options.port ?? (await freePort());
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `baan-cluster-node-${options.name}-`));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      // The cluster tests' accounts are minutes old; the first-week review rule (ADR 017) is e2e's owners test.
      MODERATION_NEW_OWNER_DAYS: '0',
      ...options.env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = trackChild(child, `node ${options.name}`);
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!handle.running()) throw new Error(`node ${options.name} exited before it was ready:\n${handle.output()}`);
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`node ${options.name} not ready within 60 s:\n${handle.output()}`);
      await sleep(100);
    }
  } catch (err) {
    await handle.kill('SIGKILL');
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  let removed = false;
  return {
    name: options.name,
    url,
    port,
    pid: handle.pid,
    dataDir,
    options: { ...options, port, dataDir },
    logs: handle.output,
    running: handle.running,
    kill: (signal = 'SIGKILL') => handle.kill(signal),
    async stop() {
      if (handle.running()) {
        process.kill(handle.pid, 'SIGTERM');
        const timer = setTimeout(() => handle.running() && process.kill(handle.pid, 'SIGKILL'), 15_000);
        await handle.exited;
        clearTimeout(timer);
      }
      if (ownsDataDir && !removed) {
        removed = true;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The same node started again: same port, same DATA_DIR, same environment. */
export function restartNode(node: ApiNode): Promise<ApiNode> {
  return startNode({ ...node.options, port: node.port, dataDir: node.dataDir });
}

// ---------------------------------------------------------------------------------------------
// A whole cluster

export type ClusterServices = {
  postgres: PostgresServer;
  redis: RedisServer;
  s3: S3Server;
  smtp: SmtpReceiver;
};

/** What every node of one deployment shares: database(s), Redis, bucket, SMTP and the token key. */
export function clusterEnv(services: ClusterServices, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: services.postgres.url,
    ...(services.postgres.replicaUrl ? { DATABASE_READ_URL: services.postgres.replicaUrl } : {}),
    REDIS_URL: services.redis.url,
    ...services.s3.env,
    SMTP_URL: services.smtp.url,
    MAIL_FROM: 'Baan <no-reply@baan.example>',
    // One key for every node, or a token signed by one is refused by the other.
    JWT_SECRET: randomBytes(32).toString('hex'),
    // One public address (the load balancer's), whichever node renders a page.
    PUBLIC_URL: 'http://baan.test',
    // The test stands in for the load balancer: it may name the client's address.
    TRUST_PROXY: '127.0.0.1',
    PASSWORD_SCRYPT_LOG_N: '14',
    ...extra,
  };
}

/** Starts the shared services (PostgreSQL with a replica unless told otherwise, Redis, S3, SMTP). */
export async function startServices(postgres: PostgresOptions = { replica: true }): Promise<ClusterServices> {
  // Binaries first, so a missing one fails before anything starts.
  findPgBin();
  const results = await Promise.allSettled([startPostgres(postgres), startRedis(), startS3(), startSmtp()] as const);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(
      results.map((r) => (r.status === 'fulfilled' ? r.value.stop().catch(() => undefined) : undefined)),
    );
    throw (failed as PromiseRejectedResult).reason;
  }
  const [pgServer, redis, s3, smtp] = results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
    PostgresServer,
    RedisServer,
    S3Server,
    SmtpReceiver,
  ];
  return { postgres: pgServer, redis, s3, smtp };
}

/** Stops nodes first, then the services; never throws (a test's own failure is what matters). */
export async function stopAll(nodes: (ApiNode | undefined)[], services: ClusterServices | undefined): Promise<void> {
  await Promise.all(nodes.map((n) => n?.stop().catch(() => undefined)));
  if (!services) return;
  await Promise.all(
    [services.smtp, services.s3, services.redis, services.postgres].map((s) => s.stop().catch(() => undefined)),
  );
}
