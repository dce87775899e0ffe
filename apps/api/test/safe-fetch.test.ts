import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, isBlockedAddress, type Resolver, safeFetch } from '../src/lib/safe-fetch.ts';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'ff02::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('safeFetch', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (url === '/ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      else if (url === '/big') res.writeHead(200, { 'content-length': '4096' }).end('x'.repeat(4096));
      else if (url === '/big-chunked') {
        res.writeHead(200);
        res.write('x'.repeat(800));
        res.end('y'.repeat(800));
      } else if (url.startsWith('/hop/')) {
        const n = Number(url.slice(5));
        res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/ok' }).end();
      } else if (url === '/to-loopback') res.writeHead(301, { location: `http://127.0.0.1:${port}/ok` }).end();
      else if (url === '/silent') {
        // Never answers: the time cap ends it.
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
  const options = { allowedHosts: ['feed.test'], maxBytes: 1024, timeoutMs: 2_000, resolve: toLoopback };
  const refusal = async (promise: Promise<unknown>) => {
    try {
      const result = await promise;
      if (result && typeof result === 'object' && 'body' in result) await text((result as { body: never }).body);
    } catch (err) {
      if (err instanceof FetchRefused) return err.reason;
      throw err;
    }
    return 'fetched';
  };

  it('fetches from a host IMPORT_ALLOWED_HOSTS names, even on loopback', async () => {
    const fetched = await safeFetch(`http://feed.test:${port}/ok`, options);
    expect(await text(fetched.body)).toBe('hello');
  });

  it('refuses 127.0.0.1 itself when only the name is allowed', async () => {
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/ok`, options))).toBe('blocked_address');
    expect(await refusal(safeFetch(`http://[::1]:${port}/ok`, options))).toBe('blocked_address');
    expect(await refusal(safeFetch(`http://[::ffff:127.0.0.1]:${port}/ok`, options))).toBe('blocked_address');
  });

  it('lets 127.0.0.1 through when IMPORT_ALLOWED_HOSTS names it', async () => {
    const fetched = await safeFetch(`http://127.0.0.1:${port}/ok`, { ...options, allowedHosts: ['127.0.0.1'] });
    expect(await text(fetched.body)).toBe('hello');
  });

  it('refuses a name that resolves to a private address (and connects nowhere)', async () => {
    const resolve: Resolver = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await refusal(safeFetch(`http://public.example:${port}/ok`, { ...options, resolve }))).toBe(
      'blocked_address',
    );
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ];
    expect(await refusal(safeFetch(`http://public.example:${port}/ok`, { ...options, resolve: mixed }))).toBe(
      'blocked_address',
    );
  });

  it('refuses localhost through the system resolver', async () => {
    const { resolve: _, ...system } = options;
    expect(await refusal(safeFetch(`http://localhost:${port}/ok`, system))).toBe('blocked_address');
  });

  it('refuses a redirect to 127.0.0.1 from an allowed host', async () => {
    expect(await refusal(safeFetch(`http://feed.test:${port}/to-loopback`, options))).toBe('blocked_address');
  });

  it('follows 5 redirects and refuses the 6th', async () => {
    const fetched = await safeFetch(`http://feed.test:${port}/hop/4`, options);
    expect(await text(fetched.body)).toBe('hello');
    expect(await refusal(safeFetch(`http://feed.test:${port}/hop/5`, options))).toBe('too_many_redirects');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://feed.test/x',
      'gopher://feed.test/',
      `http://u:p@feed.test:${port}/ok`,
    ])
      expect(await refusal(safeFetch(url, options)), url).toBe('bad_url');
  });

  it('cuts a body over the size cap, declared or not', async () => {
    expect(await refusal(safeFetch(`http://feed.test:${port}/big`, options))).toBe('too_large');
    expect(await refusal(safeFetch(`http://feed.test:${port}/big-chunked`, options))).toBe('too_large');
    // At the cap exactly it passes.
    const fetched = await safeFetch(`http://feed.test:${port}/big-chunked`, { ...options, maxBytes: 1600 });
    expect((await text(fetched.body)).length).toBe(1600);
  });

  it('gives up after the time cap', async () => {
    expect(await refusal(safeFetch(`http://feed.test:${port}/silent`, { ...options, timeoutMs: 150 }))).toBe('timeout');
  });

  it('reports an error status', async () => {
    expect(await refusal(safeFetch(`http://feed.test:${port}/missing`, options))).toBe('http_status');
  });
});
