/**
 * Docker is not installed where the tests run, so the deployment files are checked by reading
 * them: the Dockerfile, compose.yaml, the load balancer's config and the env example, against
 * README's production start command and against config.ts (every variable a node is given must
 * be one loadConfig reads, and the values must pass it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** README's production start command: the `node …` line of the code block under "### Production", env assignments dropped. */
function readmeStartCommand(): string {
  const readme = read('README.md');
  const section = readme.split(/^### Production$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const line = block.split('\n').find((l) => /(^|\s)node\s/.test(l)) ?? '';
  return line.replace(/^(\s*[A-Z_]+=\S+\s+)+/, '').trim();
}

type Instruction = { keyword: string; args: string };

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function dockerfile(): Instruction[] {
  const joined = read('Dockerfile')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** An exec-form (JSON array) or shell-form command as one string. */
function command(args: string): string {
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) return (JSON.parse(trimmed) as string[]).join(' ');
  return trimmed;
}

/** The values in the env example, as docker compose reads them from .env. */
function envExample(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of read('deploy/compose.env.example').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m?.[1]) values[m[1]] = m[2] ?? '';
  }
  return values;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}; $$ is a dollar. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (_all, name: string, colon, op, arg: string) => {
      const v = vars[name];
      const missing = v === undefined || (colon === ':' && v === '');
      if (!missing) return v as string;
      if (op === '-') return arg;
      if (op === '?') throw new Error(`${name} is required: ${arg}`);
      return '';
    })
    .replace(/\$\$/g, '$');
}

type Service = {
  build?: unknown;
  image?: string;
  hostname?: string;
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
};

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const API = ['api1', 'api2'] as const;
const apiEnv = (name: (typeof API)[number]) =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), envExample())]),
  );

describe('Dockerfile', () => {
  const instructions = dockerfile();
  const froms = instructions.filter((i) => i.keyword === 'FROM');
  const lastFrom = instructions.lastIndexOf(froms[froms.length - 1] as Instruction);
  const finalStage = instructions.slice(lastFrom);

  it('is a multi-stage build on Node 22', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(froms.some((f) => /\sAS\s+\S+/i.test(f.args))).toBe(true);
    // The base image comes from an ARG default or is named directly: Node 22 either way.
    const args = Object.fromEntries(
      instructions
        .filter((i) => i.keyword === 'ARG' && i.args.includes('='))
        .map((i) => i.args.split('=') as [string, string]),
    );
    for (const from of froms) {
      const image = (from.args.split(/\s+/)[0] ?? '').replace(/\$\{(\w+)\}/g, (_m, name: string) => args[name] ?? '');
      expect(image).toMatch(/^node:22([.-]|$)/);
    }
    // The final stage takes built files from an earlier one.
    expect(finalStage.some((i) => i.keyword === 'COPY' && i.args.includes('--from='))).toBe(true);
  });

  it("copies every workspace's package.json before npm ci (else the lock file does not match)", () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, pattern.slice(0, -2), d.name, 'package.json')))
            .map((d) => `${pattern.slice(0, -2)}/${d.name}`)
        : [pattern],
    );
    expect(workspaces.length).toBeGreaterThan(0);
    const copies = instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    for (const workspace of workspaces) expect(copies, workspace).toContain(`${workspace}/package.json ${workspace}/`);
  });

  it('runs as a user that is not root', () => {
    const users = finalStage.filter((i) => i.keyword === 'USER');
    const user = users[users.length - 1]?.args.split(':')[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('starts with exactly the production start command README gives, in production mode', () => {
    const start = readmeStartCommand();
    expect(start).toBe('node apps/api/bin/baan.js');
    expect(finalStage.filter((i) => i.keyword === 'ENTRYPOINT')).toEqual([]);
    const cmds = finalStage.filter((i) => i.keyword === 'CMD');
    expect(command(cmds[cmds.length - 1]?.args ?? '')).toBe(start);
    expect(finalStage.some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args))).toBe(true);
    // The script it runs is the one README means.
    expect(existsSync(path.join(ROOT, 'apps/api/bin/baan.js'))).toBe(true);
  });

  it('has a .dockerignore that keeps local installs, data and secrets out of the build', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  it('has two API nodes, PostgreSQL, Redis, S3-compatible storage and a load balancer', () => {
    for (const name of [...API, 'postgres', 'redis', 'minio', 'lb']) expect(services[name], name).toBeDefined();
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.minio?.image).toMatch(/minio/);
  });

  it('builds both API nodes from the same image, on different hosts and ports', () => {
    const [one, two] = API.map((name) => services[name] as Service);
    expect(one?.build).toBeDefined();
    expect(two?.build).toEqual(one?.build);
    expect(two?.image).toBe(one?.image);
    expect(one?.hostname).not.toBe(two?.hostname);
    expect(apiEnv('api1').PORT).not.toBe(apiEnv('api2').PORT);
  });

  it('gives the nodes only variables config.ts reads, and values loadConfig accepts', () => {
    for (const name of API) {
      const env = apiEnv(name);
      for (const key of Object.keys(env)) expect(CONFIG_VARIABLES, `${name}: ${key}`).toContain(key);
      for (const key of [
        'DATABASE_URL',
        'REDIS_URL',
        'S3_BUCKET',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'SMTP_URL',
        'PUBLIC_URL',
        'TRUST_PROXY',
        'METRICS_TOKEN',
        'JWT_SECRET',
      ])
        expect(env[key], `${name}: ${key}`).toBeTruthy();
      // The image sets NODE_ENV=production; the nodes run with it.
      const config = loadConfig({ NODE_ENV: 'production', ...env });
      expect(config).toMatchObject({ isProduction: true, trustProxy: 1 });
      expect(config.s3).toMatchObject({ bucket: 'baan-uploads', endpoint: 'http://minio:9000' });
      for (const url of [config.databaseUrl, config.redisUrl, config.smtpUrl, config.s3?.endpoint]) {
        const host = new URL(url as string).hostname;
        expect(services[host], `${name}: ${host} is a service`).toBeDefined();
      }
    }
    // Shared state is shared: one database, one Redis, one bucket, one signing key.
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'JWT_SECRET', 'PUBLIC_URL'])
      expect(apiEnv('api2')[key], key).toBe(apiEnv('api1')[key]);
  });

  it('needs every secret from .env, and the env example defines them', () => {
    const text = read('compose.yaml');
    const required = [...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*):\?/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    const example = envExample();
    for (const name of required) expect(example[name as string], name).toBeTruthy();
    // No secret is written into compose.yaml itself.
    for (const secret of ['JWT_SECRET', 'METRICS_TOKEN', 'S3_SECRET_ACCESS_KEY'])
      expect(String(services.api1?.environment?.[secret])).toMatch(/^\$\{/);
  });

  it('puts a round-robin load balancer in front of both nodes', () => {
    const lb = services.lb as Service;
    expect(Object.keys(lb.depends_on ?? {}).sort()).toEqual([...API]);
    const mount = (lb.volumes ?? []).find((v) => v.startsWith('./deploy/'));
    expect(mount).toBeDefined();
    const conf = read((mount as string).split(':')[0] as string);
    const upstream = /upstream\s+\S+\s*\{([^}]*)\}/.exec(conf)?.[1] ?? '';
    for (const name of API) {
      const node = services[name] as Service;
      expect(upstream, name).toMatch(new RegExp(`^\\s*server\\s+${node.hostname}:${apiEnv(name).PORT}[\\s;]`, 'm'));
    }
    // Round robin is nginx's default: no other balancing method.
    expect(upstream).not.toMatch(/\b(ip_hash|least_conn|hash|random)\b/);
    expect(conf).toMatch(/proxy_pass\s+http:\/\/\S+;/);
  });
});
