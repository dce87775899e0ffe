import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAIN_REFUSED_BODY_BYTES } from '../src/plugins/infra/errors.ts';
import { build } from './helpers.ts';

// Issue 21 (L9's neighbour in the probe): a 5 MB contact body sometimes got a connection reset instead of the 413,
// because the server closed the connection while the client was still sending, and the reset dropped the answer.
const app = await build();
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
afterAll(() => app.close());

const BODY_BYTES = 5 * 1024 * 1024;

/** Everything the server sends on one connection until it closes it or `until` says enough. */
function collect(socket: Socket, until: (text: string) => boolean): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (until(text)) resolve({ text });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve({ text, error: err.code }));
    socket.on('close', () => resolve({ text }));
  });
}

/** A POST of a JSON body of BODY_BYTES written as fast as the socket takes it, without waiting for any answer. */
function oversized(socket: Socket) {
  socket.write(
    `POST /api/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = BODY_BYTES;
  const pump = () => {
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!socket.write(chunk.subarray(0, n))) {
        socket.once('drain', pump);
        return;
      }
    }
  };
  // The body starts after the server has answered: the client had no way of knowing it would be refused.
  setTimeout(pump, 50);
}

describe('a JSON body over the limit, on a real socket', () => {
  it('is answered 413 with the envelope, which the client reads after sending its whole body, and the connection stays usable', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answers = collect(socket, (text) => (text.match(/HTTP\/1\.1 /g) ?? []).length >= 2 && text.endsWith('}'));
    oversized(socket);
    // Once the whole body is sent, the same connection asks again: a server that closed it cannot answer.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if ((socket.writableLength === 0 && socket.bytesWritten >= BODY_BYTES) || socket.destroyed) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { text, error } = await answers;
    socket.destroy();
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('{"success":false,"message":"The request body is too large."}');
    expect(text).not.toMatch(/connection: close/i);
    expect(text).toMatch(/HTTP\/1\.1 200 [\s\S]*"db":"ok"/);
  }, 30_000);

  it.each([
    [DRAIN_REFUSED_BODY_BYTES, false],
    [DRAIN_REFUSED_BODY_BYTES + 1, true],
  ])('declared %i bytes: 413 at once; the connection closes only past the drain limit (%s)', async (length, closes) => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = collect(socket, (text) => text.endsWith('}'));
    socket.write(
      `POST /api/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    const { text } = await answer;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(/connection: close/i.test(text)).toBe(closes);
  });
});
