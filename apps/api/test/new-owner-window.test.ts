import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, users } from '../src/db/schema.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { CONDO_FORM } from './support/listing-form.ts';

/**
 * The moderation gate holds every listing (and text edit) of an account in its first days (ADR 017: `new_owner`), when
 * scam accounts do their work. The days were counted from the sign-up, and a sign-up nobody verified just waits (and
 * a new sign-up for the same address even keeps its date): an account signed up and left unverified for a week, then
 * verified, listed at once with no review. The window now starts when the account could first be used — its address
 * verified — whichever is later.
 */
const app = await build();
const DAY = 24 * 60 * 60_000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An account signed up `signedUpDaysAgo` days ago whose address was verified `verifiedDaysAgo` days ago. */
async function account(email: string, signedUpDaysAgo: number, verifiedDaysAgo: number) {
  const user = await createUser(app, { email });
  const now = Date.now();
  await app.db
    .update(users)
    .set({ createdAt: new Date(now - signedUpDaysAgo * DAY), emailVerifiedAt: new Date(now - verifiedDaysAgo * DAY) })
    .where(eq(users.id, user.id));
  await activateSubscription(app, user.id);
  return user;
}

const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function list(token: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(CONDO_FORM)) fd.append(k, v);
  fd.append('cover_image', new Blob([new Uint8Array(photo)]), 'cover.png');
  const res = await app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { payload: { id: number } }).payload.id;
  const [row] = await app.db
    .select({ review: properties.review, reasons: properties.reviewReasons })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
}

describe('the new-owner window', () => {
  it('holds the listing of an account signed up long ago but verified only now', async () => {
    const sleeper = await account('sleeper@window.test', 30, 0);
    expect(await list(sleeper.token)).toEqual({ review: 'pending', reasons: ['new_owner'] });
  });

  it('holds a text edit of such an account, and lets an established account list at once', async () => {
    const sleeper = await account('sleeper2@window.test', 30, 1);
    const live = await makeListing(app, sleeper.id, { title: 'Approved flat', review: 'approved' });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/property/${live.id}`,
      headers: bearer(sleeper.token),
      payload: { title: 'A brand new title for the flat' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.db
      .select({ title: properties.title, pending: properties.pendingTitle })
      .from(properties)
      .where(eq(properties.id, live.id));
    expect(row).toEqual({ title: 'Approved flat', pending: 'A brand new title for the flat' });

    const veteran = await account('veteran@window.test', 30, 29);
    expect(await list(veteran.token)).toEqual({ review: 'approved', reasons: [] });
  });
});
