import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, loadConfig } from '../src/config.ts';
import { startLoggedApp } from './support/logged-app.ts';

describe('default connection time limits', () => {
  it('let a 50 MB photo through on a 1 Mbit/s uplink, and no header or trickle wait for minutes', () => {
    const t = loadConfig({}).timeouts;
    expect(t).toEqual(DEFAULT_TIMEOUTS);
    const fiftyMbAtOneMbit = ((50 * 1024 * 1024 * 8) / 1_000_000) * 1000;
    expect(t.requestMs).toBeGreaterThan(fiftyMbAtOneMbit);
    expect(t.minBodyBytesPerSecond).toBeLessThan(1_000_000 / 8);
    expect(t.headersMs).toBeLessThanOrEqual(30_000);
    expect(t.idleMs).toBeLessThanOrEqual(60_000);
    expect(t.minBodyRateGraceMs).toBeLessThanOrEqual(30_000);
  });
});

const SMALL = {
  headersMs: 1_000,
  idleMs: 1_500,
  requestMs: 8_000,
  keepAliveMs: 1_000,
  minBodyBytesPerSecond: 1_000,
  minBodyRateGraceMs: 1_000,
};

describe('a listening server with short limits', async () => {
  const { app, logs } = await startLoggedApp({}, { timeouts: SMALL });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  it('hands the limits to Node', () => {
    expect(app.server.headersTimeout).toBe(SMALL.headersMs);
    expect(app.server.requestTimeout).toBe(SMALL.requestMs);
    expect(app.server.keepAliveTimeout).toBe(SMALL.keepAliveMs);
    expect(app.server.timeout).toBe(SMALL.idleMs);
  });

  /** Opens a socket, runs `talk`, and resolves with how long the server kept it open. */
  const openFor = (talk: (socket: Socket) => void) =>
    new Promise<{ ms: number; reply: string }>((resolve) => {
      const started = Date.now();
      let reply = '';
      const socket = connect(port, '127.0.0.1', () => talk(socket));
      socket.on('data', (d) => {
        reply += d.toString();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ ms: Date.now() - started, reply }));
    });

  it('drops a client whose headers never finish', async () => {
    const { ms, reply } = await openFor((s) => {
      s.write('POST /api/newsletter HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => s.writable && s.write('X-Slow: 1\r\n'), 200);
      s.on('close', () => clearInterval(drip));
    });
    expect(ms).toBeLessThan(SMALL.headersMs + 6_000);
    expect(reply === '' || reply.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('drops 50 clients that send headers and then trickle a body, long before the request limit', async () => {
    const trickle = (s: Socket) => {
      s.write(
        'POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      );
      const drip = setInterval(() => s.writable && s.write(' '), 300);
      s.on('close', () => clearInterval(drip));
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => openFor(trickle)));
    for (const { ms } of results) expect(ms).toBeLessThan(SMALL.requestMs);
    expect(logs.some((l) => l.includes('request body too slow'))).toBe(true);
  });

  it('drops a connection that sends nothing', async () => {
    const { ms } = await openFor(() => undefined);
    expect(ms).toBeLessThan(SMALL.idleMs + 6_000);
  });

  it('serves a body that arrives slowly but steadily, above the minimum rate, for longer than the grace period', async () => {
    const payload = JSON.stringify({ email: 'steady.sender@example.com', padding: 'x'.repeat(6_000) });
    const { reply } = await openFor((s) => {
      s.write(
        `POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n`,
      );
      let sent = 0;
      // 400 bytes every 200 ms = 2,000 B/s for about 3 s: twice the minimum, three times the grace.
      const pace = setInterval(() => {
        s.write(payload.slice(sent, sent + 400));
        sent += 400;
        if (sent >= payload.length) clearInterval(pace);
      }, 200);
      s.on('close', () => clearInterval(pace));
    });
    expect(reply).toMatch(/^HTTP\/1.1 201/);
  });
});
