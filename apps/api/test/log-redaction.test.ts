import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from '../src/lib/log-errors.ts';
import { startLoggedApp } from './support/logged-app.ts';

const SECRET = 'scrypt$17$8$1$c2VjcmV0LXNhbHQ=$not-a-real-hash-but-secret';
const EMAIL = 'private.person@example.com';

describe('a failed database query in the error log', async () => {
  const { app, logs } = await startLoggedApp({}, {}, (app) => {
    // A handler whose query fails inside PostgreSQL with secrets among its parameters.
    app.get('/test/failing-query', async () => {
      await app.db.execute(sql`select ${SECRET}::int, ${EMAIL}::text`);
      return { success: true };
    });
  });

  it('answers 500 without internals and logs the SQL but none of its parameters', async () => {
    const res = await app.inject('/test/failing-query');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.' });
    const failed = logs.filter((l) => l.includes('request failed'));
    expect(failed).toHaveLength(1);
    const line = failed[0] ?? '';
    expect(line).toContain('Failed query: select $1::int, $2::text');
    expect(line).toContain('invalid input syntax for type integer: \\"[redacted]\\"');
    expect(line).toContain('[redacted]');
    for (const entry of logs) {
      expect(entry).not.toContain('not-a-real-hash-but-secret');
      expect(entry).not.toContain(EMAIL);
    }
  });
});

describe('serializeError', () => {
  it("redacts the value PostgreSQL repeats in a constraint error's detail", () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    });
    const out = serializeError(err) as Record<string, unknown>;
    expect(out.detail).toBe('Key (email)=([redacted]) already exists.');
    expect(out.code).toBe('23505');
    expect(out.message).toBe(err.message);
  });

  it('keeps the stack frames after the redacted parameters', () => {
    const params = [SECRET, 'line\nbreak'];
    const err = Object.assign(new Error(`Failed query: select 1\nparams: ${params}`), { params });
    const out = serializeError(err) as Record<string, string>;
    expect(out.message).toBe('Failed query: select 1\nparams: [redacted]');
    expect(out.params).toBe('[redacted]');
    expect(out.stack).toContain('params: [redacted]\n    at ');
    expect(JSON.stringify(out)).not.toContain('not-a-real-hash');
  });

  it('leaves what is not an error alone', () => {
    expect(serializeError('text')).toBe('text');
  });
});

describe('a link token in a request URL', async () => {
  const { app, logs } = await startLoggedApp();

  it('is never logged (the weekly report unsubscribe token), while the rest of the URL is', async () => {
    const token = 'Zx9SecretUnsubscribeTokenValue_123456';
    const res = await app.inject({ method: 'POST', url: `/api/reports/unsubscribe?u=1&t=${token}` });
    expect(res.statusCode).toBe(400);
    const lines = logs.filter((l) => l.includes('/api/reports/unsubscribe'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('/api/reports/unsubscribe?u=1&t=[redacted]'))).toBe(true);
    for (const entry of logs) expect(entry).not.toContain(token);
  });

  it('redactUrl keeps other parameters and drops only secret values', () => {
    expect(redactUrl('/x?u=5&t=abc&days=7')).toBe('/x?u=5&t=[redacted]&days=7');
    expect(redactUrl('/x?token=abc')).toBe('/x?token=[redacted]');
    expect(redactUrl('/x?type=rent')).toBe('/x?type=rent');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
