import { stdSerializers } from 'pino';

/**
 * pino's error serializer, minus what a failed database query would leak: drizzle puts every query
 * parameter (password hashes, e-mail addresses, people's messages) into the error's message, its
 * stack and a `params` field; PostgreSQL quotes a value it could not read ('invalid input syntax
 * for type integer: "…"') and repeats a conflicting one in `detail` ('Key (email)=(a@b.c) already
 * exists'). The SQL text itself stays: it holds placeholders, not values; so do the PostgreSQL
 * error codes, constraint and column names.
 */
export function serializeError(err: unknown): unknown {
  const out = stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object' || typeof err !== 'object' || err === null) return out;
  const paramLines = chain(err).flatMap((e) => ('params' in e ? [`params: ${String(e.params)}`] : []));
  const scrub = (text: string) => {
    let clean = text;
    for (const line of paramLines) clean = clean.split(line).join('params: [redacted]');
    return clean.replace(QUOTED_VALUE, '$1"[redacted]"');
  };
  if (typeof out.message === 'string') out.message = scrub(out.message);
  if (typeof out.stack === 'string') out.stack = scrub(out.stack);
  if ('params' in out) out.params = '[redacted]';
  if (typeof out.detail === 'string') out.detail = out.detail.replace(/=\(.*\)/s, '=([redacted])');
  return out;
}

/** PostgreSQL messages that quote the value they refused. */
const QUOTED_VALUE = /((?:invalid input (?:syntax|value) for [^:\n]*|out of range[^:\n]*): )"[^\n]*"/g;

/** The error and its causes (bounded, in case of a cycle). */
function chain(err: object): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let current: unknown = err;
  while (current && typeof current === 'object' && out.length < 5) {
    out.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

/** Query parameters that carry a secret in a link (the weekly report's unsubscribe token); their values never reach a log line. */
const SECRET_QUERY_PARAMS = /([?&](?:t|token|verification_token)=)[^&#]*/gi;

/** A request URL as logged: secret query values replaced by [redacted]. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
};

/** Fastify's request serializer, with `redactUrl` applied to the URL. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
