/**
 * PDPA and conversations (ADR 023, ADR 034): a person's data export holds their threads and only their own messages
 * (never the other side's address or phone); deleting an account deletes its threads, both sides' messages and the
 * private files, and leaves other people's threads alone.
 */
import path from 'node:path';
import { AccountDeletedResponse, ConversationMessageResponse, DataExportResponse } from '@baan/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationMessages, conversations } from '../src/db/schema.ts';
import { guestToken } from '../src/services/conversations/guest-token.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { bearer, lastMail, PASSWORD, post, signUpAndLogin, uniqueEmail } from './support/accounts.ts';
import { filesUnder } from './support/uploads.ts';
import { nextIp, send } from './support/visitors.ts';

const app = await build({ publicUrl: 'https://baan.test' });
const other = await createUser(app, { email: 'priv.conv.other@example.test' });
const othersFlat = await makeListing(app, other.id, { title: 'Other flat' });
const GUEST_PHONE = '+66 89 555 0101';

let sequence = 0;
/** An inquiry (a guest, or with a session): answers the thread it opened and the guest link's token. */
async function inquire(propertyId: number, opts: { token?: string; email?: string } = {}) {
  sequence += 1;
  const email = opts.email ?? `priv.guest${sequence}@example.test`;
  const res = await send(
    app,
    `/api/property/${propertyId}/inquiry`,
    { name: `Guest ${sequence}`, email, phone: GUEST_PHONE, message: `Question ${sequence}` },
    { headers: opts.token ? bearer(opts.token) : {} },
  );
  expect(res.statusCode, res.body).toBe(201);
  const inquiryId = (res.json() as { payload: { id: number } }).payload.id;
  const [row] = await app.db.select().from(conversations).where(eq(conversations.inquiryId, inquiryId));
  if (!row) throw new Error('no conversation opened');
  return { row, email, token: guestToken(app.conversationKey, row.id, row.guestKey) };
}
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A message with a PDF, written with a session. */
async function writeWithFile(id: number, token: string, body: string) {
  const fd = new FormData();
  fd.append('body', body);
  fd.append('files[]', new Blob([pdf]), 'plan.pdf');
  const res = await app.inject({
    method: 'POST',
    url: `/api/user/conversations/${id}/messages`,
    headers: bearer(token),
    payload: fd,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return ConversationMessageResponse.parse(res.json()).payload;
}
const guestWrite = (id: number, token: string, body: string) =>
  app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/messages?token=${encodeURIComponent(token)}`,
    payload: { body },
  });
const privateFiles = () => filesUnder(path.join(app.dataDir, 'uploads', 'private', 'conversations'));

/** An account with a listing, a thread a guest opened about it (answered with a file), and a thread it started. */
async function person(prefix: string) {
  const me = await signUpAndLogin(app, uniqueEmail(prefix));
  const listing = await makeListing(app, me.userId, { title: `${prefix} house` });
  const received = await inquire(listing.id);
  expect((await guestWrite(received.row.id, received.token, 'Is there parking?')).statusCode).toBe(201);
  const reply = await writeWithFile(received.row.id, me.token, 'Yes, see the plan');
  const started = await inquire(othersFlat.id, { token: me.token, email: me.email });
  const theirReply = await writeWithFile(started.row.id, other.token, 'Here is the contract');
  // Before the account, the same person asked as a guest from the same address (in capitals).
  const asGuest = await inquire(othersFlat.id, { email: me.email.toUpperCase() });
  return { me, listing, received, reply, started, theirReply, asGuest };
}

describe('GET /api/user/data-export: conversations', () => {
  it('holds the person’s threads with their own messages only, and never the other side’s address or phone', async () => {
    const p = await person('convexport');
    // A thread the person has no part in.
    const stranger = await inquire(othersFlat.id);

    const res = await app.inject({ method: 'GET', url: '/api/user/data-export', headers: bearer(p.me.token) });
    expect(res.statusCode, res.body).toBe(200);
    const data = DataExportResponse.parse(res.json()).payload;
    const byId = new Map(data.conversations.map((c) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual([p.received.row.id, p.started.row.id, p.asGuest.row.id].sort());
    expect(byId.has(stranger.row.id)).toBe(false);

    expect(byId.get(p.received.row.id)).toMatchObject({
      role: 'owner',
      listing: { id: p.listing.id, title: 'convexport house' },
      other_party: { name: p.received.row.visitorName },
    });
    // Only the owner's own reply: not the guest's question nor their follow-up.
    expect(byId.get(p.received.row.id)?.messages.map((m) => m.body)).toEqual(['Yes, see the plan']);
    expect(byId.get(p.started.row.id)).toMatchObject({ role: 'visitor', other_party: { name: 'priv.conv.other' } });
    expect(byId.get(p.started.row.id)?.messages.map((m) => m.body)).toEqual([`Question ${sequence - 2}`]);
    expect(byId.get(p.asGuest.row.id)?.messages.map((m) => m.body)).toEqual([`Question ${sequence - 1}`]);

    const text = JSON.stringify(data.conversations);
    for (const secret of [p.received.email, GUEST_PHONE, other.email, 'Is there parking?', 'Here is the contract']) {
      expect(text).not.toContain(secret);
    }
    // The person's file opens with their session.
    const url = byId.get(p.received.row.id)?.messages[0]?.attachments[0]?.url ?? '';
    expect(url).toBe(p.reply.attachments[0]?.url);
    const file = await app.inject({ method: 'GET', url, headers: bearer(p.me.token) });
    expect(file.statusCode).toBe(200);
  });

  it('is an empty list for a person without conversations', async () => {
    const me = await signUpAndLogin(app, uniqueEmail('noconv'));
    const res = await app.inject({ method: 'GET', url: '/api/user/data-export', headers: bearer(me.token) });
    expect(DataExportResponse.parse(res.json()).payload.conversations).toEqual([]);
  });
});

describe('deleting an account: conversations', () => {
  it('deletes its threads with both sides’ messages and the private files, and no one else’s', async () => {
    const p = await person('convgone');
    const untouched = await inquire(othersFlat.id);
    const untouchedReply = await writeWithFile(untouched.row.id, other.token, 'Still here');
    const mine = [p.received.row.id, p.started.row.id, p.asGuest.row.id];
    const before = await privateFiles();
    expect(before.length).toBeGreaterThanOrEqual(3);

    expect((await post(app, '/api/user/account/deletion', { password: PASSWORD }, bearer(p.me.token))).statusCode).toBe(
      202,
    );
    const link = /#token=([A-Za-z0-9_-]+)/.exec((await lastMail(app, p.me.email))?.text ?? '')?.[1] ?? '';
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/account/deletion/confirm',
      headers: bearer(p.me.token),
      payload: { token: link },
    });
    expect(res.statusCode, res.body).toBe(200);
    AccountDeletedResponse.parse(res.json());

    expect(await app.db.select().from(conversations).where(inArray(conversations.id, mine))).toEqual([]);
    expect(
      await app.db.select().from(conversationMessages).where(inArray(conversationMessages.conversationId, mine)),
    ).toEqual([]);
    // The other side: the thread is gone for them too (404, like any thread that does not exist).
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/user/conversations/${p.started.row.id}`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
    const guest = await app.inject({
      method: 'GET',
      url: `/api/conversations/${p.received.row.id}?token=${encodeURIComponent(p.received.token)}`,
    });
    expect(guest.statusCode).toBe(404);

    // The files of both sides go with the durable job; another thread's file stays.
    await app.jobs.drain();
    const after = await privateFiles();
    const gone = before.filter((f) => !after.includes(f));
    expect(gone.length).toBe(2);
    expect(after.length).toBe(before.length - 2);
    const kept = await app.inject({
      method: 'GET',
      url: untouchedReply.attachments[0]?.url ?? '',
      headers: bearer(other.token),
    });
    expect(kept.statusCode).toBe(200);
    expect(await app.db.select().from(conversations).where(eq(conversations.id, untouched.row.id))).toHaveLength(1);
  });
});
