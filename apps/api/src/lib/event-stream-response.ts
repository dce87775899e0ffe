import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line every 25 s keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

export type EventStreamHolder = {
  /**
   * Holds the response open as `text/event-stream`. `subscribe` registers the listener and returns its removal, or
   * null when a cap is reached (then nothing is sent and `refuse` is thrown); `format` writes an event's data as
   * this reader sees it (null skips it). `stillAllowed`, when given, is asked before each event is written (in the
   * events' order): once it answers false (the session the stream was opened with has ended), nothing more is
   * written and the stream ends.
   */
  open: <E extends { event: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    subscribe: (listener: (event: E) => void) => (() => void) | null,
    format: (event: E) => Record<string, unknown> | null,
    refuse: () => Error,
    stillAllowed?: () => Promise<boolean>,
  ) => void;
  /** Ends every open stream (the server is closing). */
  closeAll: () => void;
};

/** Server-sent event streams (ADR 034): one holder per route plugin, so closing the server ends its streams. */
export function eventStreamHolder(): EventStreamHolder {
  const open = new Set<() => void>();
  return {
    closeAll: () => {
      for (const end of [...open]) end();
    },
    open(request, reply, subscribe, format, refuse, stillAllowed) {
      const raw = reply.raw;
      const write = (event: { event: string }, data: Record<string, unknown>) => {
        if (!raw.writableEnded) raw.write(`event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // Events wait for the check one after the other, so they are written in the order they came.
      let queue = Promise.resolve();
      const unsubscribe = subscribe((event) => {
        const data = format(event);
        if (!data) return;
        if (!stillAllowed) return write(event, data);
        queue = queue.then(async () => {
          if (ended) return;
          if (await stillAllowed().catch(() => false)) write(event, data);
          else end();
        });
      });
      if (!unsubscribe) throw refuse();
      reply.hijack();
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'Referrer-Policy': 'no-referrer',
      });
      raw.write('retry: 5000\n: connected\n\n');
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      raw.on('error', end);
    },
  };
}
