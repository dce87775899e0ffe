import type { FastifyInstance } from 'fastify';
import { lastMail, post } from './accounts.ts';

type Injectable = FastifyInstance & { mailer: { drain: () => Promise<void> } };

/** The token of a newsletter confirmation link in a mail's text (`/newsletter/confirm?token=…`). */
export function newsletterTokenIn(text: string | undefined): string | undefined {
  return /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
}

/** Subscribes through the footer form and confirms with the mailed link (double opt-in, ADR 055). */
export async function subscribeAndConfirm(app: Injectable, email: string, headers: Record<string, string> = {}) {
  const subscribed = await post(app, '/api/newsletter', { email }, headers);
  if (subscribed.statusCode !== 201) throw new Error(`newsletter failed: ${subscribed.body}`);
  const token = newsletterTokenIn((await lastMail(app, email))?.text);
  if (!token) throw new Error(`no newsletter link mailed to ${email}`);
  const confirmed = await post(app, '/api/newsletter/confirm', { token });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
}
