import { ErrorEnvelope } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SmtpReceiver } from './smtp-receiver.ts';

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

/** How many rows the table holds. */
export async function rowCount(app: FastifyInstance, table: PgTable): Promise<number> {
  return (await app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
}

/** Mails handed to the SMTP receiver so far (after the app's mail queue has drained). */
export async function mailsReceived(app: FastifyInstance, smtp: SmtpReceiver): Promise<number> {
  await app.mailer.drain();
  // A mail of an earlier step can still be on its way (on PostgreSQL a job the background poller took, or a retry
  // falling due): count once the receiver has held still for 200 ms (at most 2 s), so a late one is not blamed on
  // the step being checked.
  let last = smtp.mails.length;
  for (let still = 0, waited = 0; still < 4 && waited < 2_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.mailer.drain();
    still = smtp.mails.length === last ? still + 1 : 0;
    last = smtp.mails.length;
  }
  return last;
}

/**
 * Reads the counters now and answers a check that none of them has moved since: "nothing stored
 * and nothing mailed" on a failure path.
 */
export async function unchangedCounts(...counters: (() => Promise<number>)[]): Promise<() => Promise<void>> {
  const read = async () => {
    const values: number[] = [];
    for (const counter of counters) values.push(await counter());
    return values;
  };
  const before = await read();
  return async () => expect(await read()).toEqual(before);
}

type Request = () => Promise<LightMyRequestResponse>;
type Counter = () => Promise<number>;

/**
 * Sends once and expects a 400 naming exactly one field, whose first message is also the answer's
 * message, with none of the counters moved (nothing stored, nothing mailed).
 */
export async function expectFieldRejected(request: Request, field: string, message: string, counters: Counter[]) {
  const nothingWritten = await unchangedCounts(...counters);
  const res = await request();
  expect(res.statusCode).toBe(400);
  const parsed = ErrorEnvelope.parse(res.json());
  expect(parsed.message).toBe(message);
  expect(parsed.errors?.[field]?.[0]).toBe(message);
  expect(Object.keys(parsed.errors ?? {})).toEqual([field]);
  await nothingWritten();
}

/** A limit's 429: the error envelope with the "try again in" message and a Retry-After in seconds. */
export function expect429(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const envelope = ErrorEnvelope.parse(res.json());
  expect(envelope.success).toBe(false);
  expect(envelope.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
}

/**
 * Sends `allowed` requests that are accepted (201), then `over` (by default one more of the same):
 * a 429 with a Retry-After in seconds and the "try again in" message, with none of the counters moved.
 */
export async function expectLimitedAfter(allowed: number, request: Request, counters: Counter[], over = request) {
  for (let i = 0; i < allowed; i++) {
    const ok = await request();
    expect(ok.statusCode, ok.body).toBe(201);
  }
  const nothingWritten = await unchangedCounts(...counters);
  expect429(await over());
  await nothingWritten();
}
