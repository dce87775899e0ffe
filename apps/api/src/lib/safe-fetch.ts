import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';

/**
 * Fetching a URL an owner gave us (a feed, a listing photo: ADR 030) without letting it reach inside our network
 * (SSRF). Only http and https; the host name is resolved here and every address it gives must be public (no loopback,
 * private, link-local, unique-local, CGNAT, multicast or reserved range, IPv4 or IPv6, IPv4-mapped included) unless
 * the host is named in `allowedHosts` (IMPORT_ALLOWED_HOSTS). The connection goes to the very address that was
 * checked (a custom `lookup`, so a DNS answer cannot change between the check and the connect), every redirect is
 * checked again (at most `maxRedirects`), and the body is cut at `maxBytes` and the whole fetch at `timeoutMs`.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  allowedHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** The name resolver (tests inject one that answers a private address for a public-looking name). */
  resolve?: Resolver;
};

export type FetchRefusal =
  | 'bad_url'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'unreachable';

/** Why a fetch was refused or failed; `reason` is a code the caller turns into a message. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusal,
    detail: string,
  ) {
    super(detail);
    this.name = 'FetchRefused';
  }
}

export type FetchedBody = {
  /** The body, cut with a FetchRefused('too_large') error past maxBytes or ('timeout') past the deadline. */
  body: Readable;
  contentType: string;
  /** The URL the body came from after redirects. */
  url: string;
};

const MAX_URL = 2048;

const defaultResolve: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** IPv4 ranges that are not the public internet: [first address, prefix length]. */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function isBlockedV4(address: string): boolean {
  const n = ipv4Number(address);
  return BLOCKED_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4Number(base);
    return n >= start && n < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    const n = ipv4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => Number.parseInt(g || '0', 16));
}

function isBlockedV6(address: string): boolean {
  const g = ipv6Groups(address);
  const [a = 0, b = 0, c = 0, d = 0, , f = 0, gg = 0, h = 0] = g;
  const v4 = () => `${gg >> 8}.${gg & 0xff}.${h >> 8}.${h & 0xff}`;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && (h === 0 || h === 1)) return true; // :: and ::1
  if (zeroTo(5) && f === 0xffff) return isBlockedV4(v4()); // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeroTo(6)) return isBlockedV4(v4()); // ::a.b.c.d (IPv4-compatible, deprecated)
  if (a === 0x64 && b === 0xff9b) return isBlockedV4(v4()); // 64:ff9b::/96 (NAT64)
  if (a === 0x2002) return isBlockedV4(`${b >> 8}.${b & 0xff}.${c >> 8}.${c & 0xff}`); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((a & 0xffc0) === 0xfe80) return true; // fe80::/10 link local
  if ((a & 0xffc0) === 0xfec0) return true; // fec0::/10 site local (deprecated)
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return true; // 100::/64 discard
  return false;
}

/** Whether an IP address is outside the public internet (loopback, private, link-local, unique-local, reserved). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isBlockedV4(address);
  if (family === 6) return isBlockedV6(address);
  return true;
}

function parseUrl(text: string): URL {
  if (text.length > MAX_URL) throw new FetchRefused('bad_url', 'the URL is too long');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchRefused('bad_url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('bad_url', 'not http(s)');
  if (url.username || url.password) throw new FetchRefused('bad_url', 'credentials in the URL');
  return url;
}

/** The host as the URL names it, without IPv6 brackets, lower-cased. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Checks a URL before anything is sent: http(s), and an IP literal must be public unless its host is allowed. */
export function checkUrl(text: string, allowedHosts: readonly string[]): URL {
  const url = parseUrl(text);
  const host = bareHost(url);
  if (isIP(host) && !allowedHosts.includes(host) && isBlockedAddress(host))
    throw new FetchRefused('blocked_address', 'the address is not public');
  return url;
}

/**
 * A lookup for http.request that resolves with `resolve`, refuses when any address is not public (unless the host is
 * allowed) and hands the socket exactly the checked address.
 */
function checkedLookup(resolve: Resolver, allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase();
    resolve(host).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(new FetchRefused('unreachable', 'the name has no address'), '', 4);
          return;
        }
        if (!allowedHosts.includes(host) && addresses.some((a) => isBlockedAddress(a.address))) {
          callback(new FetchRefused('blocked_address', 'the name resolves to an address that is not public'), '', 4);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (err: Error) => callback(Object.assign(new FetchRefused('unreachable', err.message)), '', 4),
    );
  };
}

/** GETs a URL under the rules above and answers its body as a capped stream. */
export async function safeFetch(target: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? defaultResolve;
  const deadline = Date.now() + options.timeoutMs;
  let url = checkUrl(target, options.allowedHosts);
  for (let hop = 0; ; hop++) {
    const response = await request(url, checkedLookup(resolve, options.allowedHosts), deadline);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new FetchRefused('too_many_redirects', `more than ${maxRedirects} redirects`);
      url = checkUrl(new URL(response.headers.location, url).toString(), options.allowedHosts);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefused('http_status', `the server answered ${status}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new FetchRefused('too_large', `larger than ${options.maxBytes} bytes`);
    }
    return {
      body: capped(response, options.maxBytes, deadline),
      contentType: response.headers['content-type'] ?? '',
      url: url.toString(),
    };
  }
}

function request(url: URL, lookup: LookupFunction, deadline: number): Promise<http.IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new FetchRefused('timeout', 'the fetch took too long'));
      return;
    }
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(url, { lookup, headers: { 'user-agent': 'Baan-Import/1.0', accept: '*/*' } }, resolvePromise);
    const timer = setTimeout(() => req.destroy(new FetchRefused('timeout', 'the fetch took too long')), remaining);
    timer.unref();
    req.on('response', () => clearTimeout(timer));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof FetchRefused ? err : new FetchRefused('unreachable', err.message));
    });
  });
}

/** The body passed through until maxBytes or the deadline, then cut with the reason. */
function capped(response: http.IncomingMessage, maxBytes: number, deadline: number): Readable {
  const out = new PassThrough();
  let size = 0;
  const timer = setTimeout(
    () => {
      response.destroy();
      out.destroy(new FetchRefused('timeout', 'the fetch took too long'));
    },
    Math.max(0, deadline - Date.now()),
  );
  timer.unref();
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) {
      clearTimeout(timer);
      response.destroy();
      out.destroy(new FetchRefused('too_large', `larger than ${maxBytes} bytes`));
      return;
    }
    if (!out.write(chunk)) {
      response.pause();
      out.once('drain', () => response.resume());
    }
  });
  response.on('end', () => {
    clearTimeout(timer);
    out.end();
  });
  response.on('error', (err) => {
    clearTimeout(timer);
    out.destroy(new FetchRefused('unreachable', err.message));
  });
  out.on('close', () => {
    clearTimeout(timer);
    if (!response.complete) response.destroy();
  });
  return out;
}
