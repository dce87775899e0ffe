import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../src/db/schema.ts';
import { isDiskFull } from '../src/lib/disk-space.ts';
import { DISK_FULL_MESSAGE } from '../src/plugins/infra/errors.ts';
import { build } from './helpers.ts';
import { rowCount, visitorEmail } from './support/visitors.ts';

// Issue 21 (M8c): on a full disk 97 of 100 inquiries answered a generic 500; the log said
// "could not extend file … No space left on device". A full disk is a 507 with an honest message.
const logs: Record<string, unknown>[] = [];
const app = await build(
  { logLevel: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  }),
);

let sequence = 0;
const message = () => ({
  name: 'Somchai Jaidee',
  email: visitorEmail(),
  subject: 'Viewing a condo',
  message: 'Hello, I would like to view the condo next week.',
});

/** PostgreSQL's error, wrapped as drizzle wraps a failed query. */
const postgresFull = () =>
  Object.assign(new Error('Failed query: insert into "contact_messages" …'), {
    cause: Object.assign(new Error('could not extend file "base/16384/16500": No space left on device'), {
      code: '53100',
    }),
  });
/** PGlite may give only the message. */
const pgliteFull = () => new Error('could not extend file "base/5/16384": wrote only 4096 of 8192 bytes');
/** A file system's own error. */
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('a write refused because the disk is full', () => {
  it.each([
    ['PostgreSQL (SQLSTATE 53100)', postgresFull],
    ['PGlite (the message only)', pgliteFull],
    ['the file system (ENOSPC)', enospc],
  ])('%s: 507 with an honest message, logged with the request id, nothing stored', async (_name, failure) => {
    const requestId = `disk-full-${++sequence}`;
    const before = await rowCount(app, contactMessages);
    // Every transaction fails while the disk is full (the job runner's polls too).
    const spy = vi.spyOn(app.db, 'transaction').mockRejectedValue(failure());
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: message(),
        headers: { 'x-request-id': requestId },
      });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ success: false, message: DISK_FULL_MESSAGE });
      expect(res.body).not.toMatch(/extend|base\/|ENOSPC|53100/);
      const line = logs.find((l) => l.reqId === requestId && l.level === 50);
      expect(line).toMatchObject({ msg: 'disk full: the write was refused' });
    } finally {
      spy.mockRestore();
    }
    expect(await rowCount(app, contactMessages)).toBe(before);
  });

  it('leaves every other server failure a generic 500', async () => {
    const spy = vi.spyOn(app.db, 'transaction').mockRejectedValue(new Error('could not serialize access'));
    try {
      const res = await app.inject({ method: 'POST', url: '/api/contact-us', payload: message() });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('isDiskFull', () => {
  it('knows a full disk by SQLSTATE, errno or message, through causes, and nothing else', () => {
    expect(isDiskFull(postgresFull())).toBe(true);
    expect(isDiskFull(pgliteFull())).toBe(true);
    expect(isDiskFull(enospc())).toBe(true);
    expect(isDiskFull({ code: 'EDQUOT' })).toBe(true);
    expect(isDiskFull(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDiskFull({ code: '53200' })).toBe(false); // out of memory, not disk
    expect(isDiskFull({ code: 'EACCES' })).toBe(false);
    expect(isDiskFull(null)).toBe(false);
    expect(isDiskFull('No space left on device')).toBe(false);
  });
});
