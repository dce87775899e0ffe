/**
 * Server-sent events over `fetch` (ADR 034): the browser's EventSource cannot send the Bearer header, so an
 * authenticated stream (GET /api/user/events) is read as a ReadableStream and parsed here; a guest's stream (its
 * token in the address) is read the same way, so both share the reconnect rules. Only what Baan's streams
 * use: `event:`, `data:` (several lines join with "\n"), comments (`:`) and the blank line that ends an event.
 */
export interface StreamEvent {
  event: string;
  data: string;
}

/** One line is bounded: a stream that never ends a line cannot grow the buffer without limit. */
const MAX_LINE = 1_000_000;

/** An incremental parser: feed it text as it arrives (chunks may split a line anywhere); it returns whole events. */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(chunk: string): StreamEvent[] {
    this.buffer += chunk;
    const out: StreamEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      // A lone \r at the end of a chunk may be half of \r\n: wait for the next chunk.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      const event = this.line(line);
      if (event) out.push(event);
    }
    if (this.buffer.length > MAX_LINE) this.buffer = '';
    return out;
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      const event = this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}

export interface EventStreamOptions {
  /** The path under the site (e.g. `/api/user/events`). */
  url: string;
  /** The session's Bearer; none for a guest's stream (its token is in `url`). */
  token?: string;
  onEvent: (event: StreamEvent) => void;
  /** Ends the stream for good (the component unmounted). */
  signal: AbortSignal;
  /** The first wait before reconnecting, doubled after each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Told when the stream is open (true) or lost (false). */
  onOpen?: (open: boolean) => void;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Reads the stream until `signal` aborts, reconnecting with backoff (1 s, 2 s, … up to 60 s; back to 1 s after a
 * stream that opened). A 401, 403 or 404 ends it: the session or the link is gone and retrying cannot help.
 */
export async function readEventStream(options: EventStreamOptions): Promise<void> {
  const { signal } = options;
  const minDelay = options.minDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 60_000;
  let delay = minDelay;
  while (!signal.aborted) {
    try {
      // A Request, as every other call of the app makes (RTK Query, private files).
      const response = await fetch(
        new Request(new URL(options.url, window.location.origin).toString(), {
          headers: {
            ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
            Accept: 'text/event-stream',
          },
          cache: 'no-store',
          signal,
        }),
      );
      if (response.status === 401 || response.status === 403 || response.status === 404) return;
      if (response.ok && response.body) {
        options.onOpen?.(true);
        delay = minDelay;
        const parser = new EventStreamParser();
        const decoder = new TextDecoder();
        const reader = response.body.getReader();
        // Leaving ends the read at once, whatever the fetch does with its own signal.
        const cancel = () => void reader.cancel().catch(() => undefined);
        signal.addEventListener('abort', cancel, { once: true });
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const event of parser.push(decoder.decode(value, { stream: true }))) options.onEvent(event);
        }
        signal.removeEventListener('abort', cancel);
      }
    } catch {
      // A network failure or the abort: the loop decides.
    }
    if (signal.aborted) return;
    options.onOpen?.(false);
    await wait(delay, signal);
    delay = Math.min(delay * 2, maxDelay);
  }
}
