import type { FastifyInstance } from 'fastify';

let ipSeq = 0;
/** A new client address per call, so the per-IP limits bite only where a test reuses one. */
export function nextIp(): string {
  ipSeq += 1;
  return `10.77.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
}

let emailSeq = 0;
export function visitorEmail(prefix = 'visitor'): string {
  emailSeq += 1;
  return `${prefix}${emailSeq}.${process.pid}@example.com`;
}

/** A JSON POST from a visitor, from a fresh address unless `ip` is given. */
export function send(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: opts.headers ?? {},
    remoteAddress: opts.ip ?? nextIp(),
  });
}

/** A header's value in a raw message (folded lines joined). */
export function rawHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
