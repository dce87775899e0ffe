import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new thread's random guest key (stored; the link's token is signed over it). */
export const newGuestKey = () => randomBytes(24).toString('base64url');

/** The guest link's token: an HMAC of the thread id and its key, so it opens that thread only (ADR 034). */
export function guestToken(secret: Buffer, conversationId: number, guestKey: string): string {
  return createHmac('sha256', secret).update(`conversation:${conversationId}:${guestKey}`).digest('base64url');
}

/** Whether `token` (already length-bounded) is this thread's, compared in constant time. */
export function isGuestToken(secret: Buffer, conversationId: number, guestKey: string, token: string): boolean {
  const expected = Buffer.from(guestToken(secret, conversationId, guestKey));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
