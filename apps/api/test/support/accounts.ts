import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mailOutbox, users } from '../../src/db/schema.ts';
import { codeIn } from './smtp-receiver.ts';

export const PASSWORD = 'Secret#Pass1';

let counter = 0;
/** A fresh address per call, so tests in one file never share an account or a rate-limit key. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${process.pid}@example.com`;
}

type Injectable = FastifyInstance & { mailer: { drain: () => Promise<void> } };

/** A different client address per call unless one is given, so per-IP limits only bite where a test wants them. */
export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress });
}

export function register(app: FastifyInstance, email: string, extra: Record<string, unknown> = {}, headers = {}) {
  return post(
    app,
    '/api/register',
    {
      name: 'Somchai Jaidee',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
      ...extra,
    },
    headers,
  );
}

/** The newest dev-outbox mail to this address (after queued mail has been handed over). */
export async function lastMail(app: Injectable, email: string) {
  await app.mailer.drain();
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

export async function lastCode(app: Injectable, email: string): Promise<string> {
  // A code mail is a durable job: on a busy machine the app's own worker may hold it a moment longer than a drain.
  let mail = await lastMail(app, email);
  for (const started = Date.now(); !mail && Date.now() - started < 10_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mail = await lastMail(app, email);
  }
  if (!mail) throw new Error(`no mail to ${email}`);
  return codeIn(mail);
}

/** Signs up and verifies through the API; returns the login answer's token. */
export async function signUpAndLogin(app: Injectable, email = uniqueEmail(), remember = false) {
  const reg = await register(app, email);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const verified = await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await post(app, '/api/login', { email, password: PASSWORD, remember });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { payload } = login.json() as { payload: { token: string; user: { id: number } } };
  return { email, token: payload.token, userId: payload.user.id };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function userRow(app: FastifyInstance, email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
