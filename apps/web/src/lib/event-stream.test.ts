import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStreamParser, readEventStream, type StreamEvent } from './event-stream';

afterEach(() => vi.unstubAllGlobals());

describe('EventStreamParser', () => {
  it('joins a line split across chunks, anywhere (mid-field, mid-value, between \\r and \\n)', () => {
    const parser = new EventStreamParser();
    const text = 'event: message\r\ndata: {"a":1}\r\n\r\n';
    const events: StreamEvent[] = [];
    for (const ch of text) events.push(...parser.push(ch));
    expect(events).toEqual([{ event: 'message', data: '{"a":1}' }]);
  });

  it('gives several events from one chunk, in order, and keeps an unfinished one for later', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: message\ndata: 1\n\nevent: message\ndata: 2\n\nevent: message\ndata: 3')).toEqual([
      { event: 'message', data: '1' },
      { event: 'message', data: '2' },
    ]);
    expect(parser.push('\n\n')).toEqual([{ event: 'message', data: '3' }]);
  });

  it('skips comments (the keep-alive) and retry lines; an event without data is no event', () => {
    const parser = new EventStreamParser();
    expect(parser.push('retry: 5000\n: connected\n\n: keep-alive\n\nevent: message\n\n')).toEqual([]);
    expect(parser.push(': x\nevent: message\n: between\ndata: ok\n\n')).toEqual([{ event: 'message', data: 'ok' }]);
  });

  it('joins several data lines with a line break; a data line without a space and the default event name', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data:first\ndata: second\n\n')).toEqual([{ event: 'message', data: 'first\nsecond' }]);
    expect(parser.push('event: other\ndata: x\n\n')).toEqual([{ event: 'other', data: 'x' }]);
  });

  it('names the event of its own block only', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: a\ndata: 1\n\ndata: 2\n\n')).toEqual([
      { event: 'a', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });
});

/** A streamed answer that sends `chunks` then ends (or stays open when `open`). */
function streamResponse(chunks: string[], status = 200, open = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!open) controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('readEventStream', () => {
  it('sends the Bearer, hands over events, reconnects after the stream ends, and stops when aborted', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const calls: Request[] = [];
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push(request);
        n += 1;
        if (n === 1) return streamResponse(['event: message\nda', 'ta: one\n\n']);
        if (n === 2) throw new TypeError('network down');
        return streamResponse([': connected\n\nevent: message\ndata: two\n\n'], 200, true);
      }),
    );
    const done = readEventStream({
      url: '/api/user/events',
      token: 'tok',
      signal: controller.signal,
      minDelayMs: 1,
      maxDelayMs: 4,
      onEvent: (e) => {
        seen.push(e.data);
        if (e.data === 'two') controller.abort();
      },
    });
    await done;
    expect(seen).toEqual(['one', 'two']);
    expect(n).toBe(3);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(new URL(calls[0]?.url ?? '').pathname).toBe('/api/user/events');
  });

  it('gives up on a 401 (the session is gone) without retrying', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    await readEventStream({
      url: '/api/user/events',
      token: 'old',
      signal: new AbortController().signal,
      minDelayMs: 1,
      onEvent: () => {},
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits longer after each failure (backoff), up to the maximum', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const times: number[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          times.push(Date.now());
          return new Response('{}', { status: 503 });
        }),
      );
      const done = readEventStream({
        url: '/x',
        token: 't',
        signal: controller.signal,
        minDelayMs: 100,
        maxDelayMs: 400,
        onEvent: () => {},
      });
      await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 400);
      controller.abort();
      await done;
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
      expect(gaps).toEqual([100, 200, 400, 400]);
    } finally {
      vi.useRealTimers();
    }
  });
});
