import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxy } from '../src/config.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { build } from './helpers.ts';
import { visitorEmail } from './support/visitors.ts';

describe('TRUST_PROXY', () => {
  it('is off unless configured', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', '0', 'false', 'off', ' no ']) expect(trustProxy(off)).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7,::1, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "true" (any client could forge its address) and anything that is not an address', () => {
    expect(() => trustProxy('true')).toThrow(/forge/);
    expect(() => trustProxy('11')).toThrow(/hop count/);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0/8', '::1/129', '1.2.3.4/8/1'])
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY must be/);
  });
});

/** Newsletter sign-ups from one client until its per-IP limit answers 429, with any X-Forwarded-For. */
async function signUpsUntilLimited(app: Awaited<ReturnType<typeof build>>, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i <= RATE_LIMITS.newsletter.perIp; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: visitorEmail('proxy') },
      headers: { 'x-forwarded-for': forwardedFor(i) },
      remoteAddress: '198.51.100.20',
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const allowed = RATE_LIMITS.newsletter.perIp;

describe('a forged X-Forwarded-For with TRUST_PROXY off (the default)', async () => {
  const app = await build();

  it('changes nothing: the per-IP limit counts the socket address', async () => {
    const statuses = await signUpsUntilLimited(app, (i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, allowed).every((s) => s === 201)).toBe(true);
    expect(statuses[allowed]).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', async () => {
  const app = await build({ trustProxy: 1 });

  it('counts the address the proxy reports, so clients behind one proxy are not lumped together', async () => {
    const statuses = await signUpsUntilLimited(app, (i) => `203.0.113.${i + 1}`);
    expect(statuses.every((s) => s === 201)).toBe(true);
  });

  it('believes only the last hop: a client cannot add addresses of its own in front', async () => {
    const statuses = await signUpsUntilLimited(app, (i) => `192.0.2.${i + 1}, 203.0.113.200`);
    expect(statuses[allowed]).toBe(429);
  });
});

describe('TRUST_PROXY with the proxy addresses', async () => {
  const app = await build({ trustProxy: ['198.51.100.0/24'] });

  it('believes X-Forwarded-For from a listed proxy', async () => {
    const statuses = await signUpsUntilLimited(app, (i) => `203.0.113.${100 + i}`);
    expect(statuses.every((s) => s === 201)).toBe(true);
  });

  it('ignores it from any other address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: visitorEmail('direct') },
        headers: { 'x-forwarded-for': `203.0.113.${150 + i}` },
        remoteAddress: '192.0.2.99',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[allowed]).toBe(429);
  });
});
