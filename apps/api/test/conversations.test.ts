import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  CONVERSATION_LIMITS,
  ConversationMessageResponse,
  ConversationPageResponse,
  ConversationResponse,
  ErrorEnvelope,
  CONVERSATION_MESSAGES as M,
  MessageEvent,
} from '@baan/contract';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { conversationMessages, conversations, mailOutbox, propertyInquiries, users } from '../src/db/schema.ts';
import { guestToken } from '../src/services/conversations/guest-token.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { forged } from './support/forge.ts';
import { filesUnder } from './support/uploads.ts';
import { nextIp, send } from './support/visitors.ts';

// Conversations (issue 26 item 2, ADR 034): threads opened by inquiries, the inbox, writing, files, block, SSE.
const app = await build({ publicUrl: 'https://baan.test' });

const owner = await createUser(app, { email: 'conv.owner@example.test' });
await app.db.update(users).set({ name: 'Somsak', language: 'th' }).where(eq(users.id, owner.id));
const otherOwner = await createUser(app, { email: 'conv.other@example.test' });
const stranger = await createUser(app, { email: 'conv.stranger@example.test' });
const renter = await createUser(app, { email: 'conv.renter@example.test' });
await app.db.update(users).set({ name: 'Renter Ray', language: 'ru' }).where(eq(users.id, renter.id));
const condo = await makeListing(app, owner.id, { title: 'Riverside condo' });
const othersFlat = await makeListing(app, otherOwner.id, { title: 'Other flat' });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const MINUTE = 60_000;
let sequence = 0;

/** An inquiry as the web app sends it (a guest, or with the visitor's session); returns the thread it opened. */
async function inquire(propertyId: number, opts: { token?: string; email?: string; language?: string } = {}) {
  sequence += 1;
  const email = opts.email ?? `guest${sequence}@example.test`;
  const res = await send(
    app,
    `/api/property/${propertyId}/inquiry`,
    { name: `Guest ${sequence}`, email, phone: '+66 81 234 5678', message: `Is it free? (${sequence})` },
    {
      headers: {
        ...(opts.token ? bearer(opts.token) : {}),
        ...(opts.language ? { 'accept-language': opts.language } : {}),
      },
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  const inquiryId = (res.json() as { payload: { id: number } }).payload.id;
  const [row] = await app.db.select().from(conversations).where(eq(conversations.inquiryId, inquiryId));
  if (!row) throw new Error('no conversation opened');
  return { row, email, inquiryId, token: guestToken(app.conversationKey, row.id, row.guestKey) };
}

/** The mails sent to an address, once the durable mail jobs due by `when` (default now) have run. */
const mailsTo = async (email: string, when?: Date) => {
  if (when) await at(when, () => app.mailer.drain());
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
};
const messagesOf = (id: number) =>
  app.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, id))
    .orderBy(asc(conversationMessages.id));
const write = (id: number, token: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/user/conversations/${id}/messages`,
    headers: bearer(token),
    payload: body as object,
    remoteAddress: nextIp(),
  });
const guestWrite = (id: number, token: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/messages?token=${encodeURIComponent(token)}`,
    payload: body as object,
  });
const thread = (id: number, token: string) =>
  app.inject({ method: 'GET', url: `/api/user/conversations/${id}`, headers: bearer(token) });
const guestThread = (id: number, token: string) =>
  app.inject({ method: 'GET', url: `/api/conversations/${id}?token=${encodeURIComponent(token)}` });
const inbox = async (token: string, box = 'inbox') => {
  const res = await app.inject({ method: 'GET', url: `/api/user/conversations?box=${box}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return ConversationPageResponse.parse(res.json()).payload;
};
/** Runs the clock at `when` for one call. */
async function at<T>(when: Date, run: () => Promise<T>): Promise<T> {
  const real = app.clock.now;
  app.clock.now = () => when;
  try {
    return await run();
  } finally {
    app.clock.now = real;
  }
}
const lead = async (id: number) =>
  (await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.id, id)))[0];
const expectNoContact = (text: string) => {
  for (const secret of ['conv.owner@example.test', '0812345678', '+66 81 234 5678', 'guest', 'conv.renter@']) {
    expect(text).not.toContain(secret);
  }
};

describe('an inquiry opens a conversation', () => {
  it("the mailed link opens the web app's guest page: rendered, private, never cached, indexed or sent as a referrer", async () => {
    const { row, token } = await inquire(condo.id, { language: 'th' });
    const page = await app.inject({ method: 'GET', url: `/th/messages/${row.id}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // The token is in no link of the page's head (canonical, alternates, Open Graph).
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).not.toContain(token);
    // A tracking parameter added to the link is dropped; the token stays.
    const tracked = await app.inject({ method: 'GET', url: `/th/messages/${row.id}?utm_source=mail&token=${token}` });
    expect(tracked.statusCode).toBe(302);
    expect(tracked.headers.location).toBe(`/th/messages/${row.id}?token=${token}`);
  });

  it('a guest: the inquiry is the first message, and the private link is mailed in their language', async () => {
    const { row, email, token } = await inquire(condo.id, { language: 'th' });
    expect(row).toMatchObject({ ownerId: owner.id, visitorId: null, propertyId: condo.id, visitorLanguage: 'th' });
    const stored = await messagesOf(row.id);
    expect(stored.map((m) => [m.sender, m.body])).toEqual([['visitor', `Is it free? (${sequence})`]]);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain('บทสนทนา');
    expect(mail?.text).toContain(`https://baan.test/th/messages/${row.id}?token=${token}`);

    const res = await guestThread(row.id, token);
    expect(res.statusCode, res.body).toBe(200);
    const payload = ConversationResponse.parse(res.json()).payload;
    expect(payload).toMatchObject({
      id: row.id,
      role: 'visitor',
      can_write: true,
      listing: { id: condo.id, title: 'Riverside condo' },
      other_party: { name: 'Somsak' },
    });
    expect(payload.messages).toHaveLength(1);
    expect(payload.messages[0]).toMatchObject({ sender: 'visitor', mine: true });
    expect(res.body).not.toContain('conv.owner@example.test');
    expect(res.body).not.toContain('0812345678');
  });

  it('a signed-in visitor: the thread is in their sent box and the owner’s inbox (unread 1), no link is mailed', async () => {
    const { row } = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    expect(row.visitorId).toBe(renter.id);
    expect(await mailsTo('conv.renter@example.test')).toHaveLength(0);

    const sent = await inbox(renter.token, 'sent');
    expect(sent.items.map((i) => i.id)).toContain(row.id);
    const mine = sent.items.find((i) => i.id === row.id);
    expect(mine).toMatchObject({ other_party: { name: 'Somsak' }, unread: 0, listing: { id: condo.id } });

    const before = await inbox(owner.token);
    const item = before.items.find((i) => i.id === row.id);
    expect(item).toMatchObject({ unread: 1, other_party: { name: expect.stringMatching(/^Guest/) } });
    expect(before.unread.inbox).toBeGreaterThanOrEqual(1);
    expectNoContact(JSON.stringify(before).replace(/Guest \d+/g, ''));

    // Reading the thread marks it read for the owner only.
    expect((await thread(row.id, owner.token)).statusCode).toBe(200);
    expect((await inbox(owner.token)).items.find((i) => i.id === row.id)?.unread).toBe(0);
    expect((await inbox(stranger.token)).items).toHaveLength(0);
  });

  it('a session that does not check out is refused (401) and opens nothing', async () => {
    const before = (await app.db.select({ n: sql<number>`count(*)::int` }).from(conversations))[0]?.n;
    const res = await send(
      app,
      `/api/property/${condo.id}/inquiry`,
      { name: 'X', email: 'x@example.test', message: 'Hi' },
      { headers: { authorization: 'Bearer nope' } },
    );
    expect(res.statusCode).toBe(401);
    expect((await app.db.select({ n: sql<number>`count(*)::int` }).from(conversations))[0]?.n).toBe(before);
  });
});

describe('writing', () => {
  it('stores the owner’s answer before the 201, sets the lead’s answer time once, and shows HTML as text', async () => {
    const { row, inquiryId, token } = await inquire(condo.id);
    const t1 = new Date(Date.now() + 5 * MINUTE);
    const res = await at(t1, () => write(row.id, owner.token, { body: '  <b>Yes</b>, call me at 081 999 9999  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const message = ConversationMessageResponse.parse(res.json()).payload;
    expect(message).toMatchObject({ sender: 'owner', mine: true, body: '<b>Yes</b>, call me at 081 999 9999' });
    expect((await messagesOf(row.id)).at(-1)?.body).toBe('<b>Yes</b>, call me at 081 999 9999');
    expect(await lead(inquiryId)).toMatchObject({ status: 'contacted', respondedAt: t1 });

    await at(new Date(t1.getTime() + 60 * MINUTE), () => write(row.id, owner.token, { body: 'Still there?' }));
    expect((await lead(inquiryId))?.respondedAt).toEqual(t1);

    // The guest sees both, the owner's phone only because the owner wrote it.
    const seen = ConversationResponse.parse((await guestThread(row.id, token)).json()).payload;
    expect(seen.messages.map((m) => [m.sender, m.mine])).toEqual([
      ['visitor', true],
      ['owner', false],
      ['owner', false],
    ]);
  });

  it('the guest answers with their token; a visitor’s message leaves the answer time alone', async () => {
    const { row, inquiryId, token } = await inquire(condo.id);
    const res = await guestWrite(row.id, token, { body: 'Can I see it on Sunday?' });
    expect(res.statusCode, res.body).toBe(201);
    expect(ConversationMessageResponse.parse(res.json()).payload).toMatchObject({ sender: 'visitor', mine: true });
    expect(await lead(inquiryId)).toMatchObject({ status: 'new', respondedAt: null });
  });

  it('bounds the body: 5000 characters pass, 5001 and empty are 400 and store nothing', async () => {
    const { row } = await inquire(condo.id);
    const count = async () => (await messagesOf(row.id)).length;
    const before = await count();
    for (const body of ['', '   ', 'x'.repeat(CONVERSATION_LIMITS.body + 1), 'a\u202Eb', 42]) {
      const res = await write(row.id, owner.token, { body });
      expect(res.statusCode, String(body).slice(0, 20)).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).success).toBe(false);
    }
    const huge = await write(row.id, owner.token, { body: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(huge.json()).message).toBe(M.bodyTooLong);
    expect(await count()).toBe(before);
    expect((await write(row.id, owner.token, { body: 'y'.repeat(CONVERSATION_LIMITS.body) })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('who may read and write (IDOR)', () => {
  it('a stranger, the other owner and the visitor of another thread get 404 on every call', async () => {
    const { row } = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    const theirs = await inquire(othersFlat.id);
    const before = (await messagesOf(row.id)).length;
    for (const token of [stranger.token, otherOwner.token]) {
      expect((await thread(row.id, token)).statusCode).toBe(404);
      expect((await write(row.id, token, { body: 'hi' })).statusCode).toBe(404);
      const block = await app.inject({
        method: 'POST',
        url: `/api/user/conversations/${row.id}/block`,
        headers: bearer(token),
      });
      expect(block.statusCode).toBe(404);
      expect(ErrorEnvelope.parse(block.json()).message).toBe(M.notFound);
    }
    // The renter is no party to the other owner's thread.
    expect((await thread(theirs.row.id, renter.token)).statusCode).toBe(404);
    expect((await thread(theirs.row.id, owner.token)).statusCode).toBe(404);
    expect((await messagesOf(row.id)).length).toBe(before);
    expect((await app.db.select().from(conversations).where(eq(conversations.id, row.id)))[0]?.blockedBy).toBeNull();
    expect((await thread(999_999, owner.token)).statusCode).toBe(404);
    expect((await thread(row.id, 'x')).statusCode).toBe(401);
  });

  it('a forged token, another thread’s token, and any token on an account’s thread are 404', async () => {
    const a = await inquire(condo.id);
    const b = await inquire(condo.id);
    const account = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    for (const [id, token] of [
      [a.row.id, forged(a.token)],
      [a.row.id, b.token],
      [a.row.id, 'x'.repeat(43)],
      [account.row.id, account.token],
    ] as const) {
      expect((await guestThread(id, token)).statusCode).toBe(404);
      expect((await guestWrite(id, token, { body: 'hi' })).statusCode).toBe(404);
    }
    expect((await guestThread(a.row.id, 'x'.repeat(CONVERSATION_LIMITS.token + 1))).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/conversations/${a.row.id}` })).statusCode).toBe(400);
    expect((await messagesOf(a.row.id)).length).toBe(1);
  });
});

const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#abc' } })
  .png()
  .toBuffer();

describe('attachments', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const form = (body: string, files: [Buffer, string][]) => {
    const fd = new FormData();
    fd.append('body', body);
    for (const [bytes, name] of files) fd.append('files[]', new Blob([bytes]), name);
    return fd;
  };
  const stored = () => filesUnder(path.join(app.dataDir, 'uploads', 'private', 'conversations'));

  it('stores photos and PDFs privately and serves them to the two sides only', async () => {
    const { row, token } = await inquire(condo.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/conversations/${row.id}/messages`,
      headers: bearer(owner.token),
      payload: form('The floor plan and a photo', [
        [pdf, 'plan.pdf'],
        [photo, 'room.png'],
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = ConversationMessageResponse.parse(res.json()).payload;
    expect(message.attachments.map((a) => a.kind)).toEqual(['pdf', 'image']);
    const [pdfUrl, photoUrl] = message.attachments.map((a) => a.url);
    if (!pdfUrl || !photoUrl) throw new Error('no urls');

    const asOwner = await app.inject({ method: 'GET', url: pdfUrl, headers: bearer(owner.token) });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toContain('application/pdf');
    expect(asOwner.headers['cache-control']).toBe('private, no-store');
    expect(asOwner.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const image = await app.inject({ method: 'GET', url: photoUrl, headers: bearer(owner.token) });
    expect(image.headers['content-type']).toContain('image/webp');

    const guestUrl = ConversationResponse.parse((await guestThread(row.id, token)).json()).payload.messages.at(-1)
      ?.attachments[0]?.url;
    expect(guestUrl).toContain(`token=`);
    expect((await app.inject({ method: 'GET', url: guestUrl ?? '' })).statusCode).toBe(200);

    for (const t of [stranger.token, otherOwner.token]) {
      expect((await app.inject({ method: 'GET', url: pdfUrl, headers: bearer(t) })).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: pdfUrl })).statusCode).toBe(401);
    const other = await inquire(condo.id);
    const wrongToken = (guestUrl ?? '').replace(/token=.*/, `token=${encodeURIComponent(other.token)}`);
    expect((await app.inject({ method: 'GET', url: wrongToken })).statusCode).toBe(404);
    // Another thread's id with this message: no file.
    const crossed = pdfUrl.replace(`/conversations/${row.id}/`, `/conversations/${other.row.id}/`);
    expect((await app.inject({ method: 'GET', url: crossed, headers: bearer(owner.token) })).statusCode).toBe(404);
    // Never under the public /uploads.
    for (const file of await stored()) {
      const rel = path.relative(path.join(app.dataDir, 'uploads'), file);
      expect((await app.inject({ method: 'GET', url: `/uploads/${rel}` })).statusCode).toBe(404);
    }
  });

  it('refuses a file that is not a photo or PDF by its content, storing nothing', async () => {
    const { row } = await inquire(condo.id);
    const files = (await stored()).length;
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/conversations/${row.id}/messages`,
      headers: bearer(owner.token),
      payload: form('see attached', [[Buffer.from('MZ not a pdf at all'), 'plan.pdf']]),
    });
    expect(res.statusCode).toBe(415);
    expect(ErrorEnvelope.parse(res.json()).message).toBe(M.fileType);
    expect((await stored()).length).toBe(files);
    expect((await messagesOf(row.id)).length).toBe(1);
  });
});

describe('limits, blocking and mail', () => {
  it(`lets one sender write ${CONVERSATION_LIMITS.perSender} messages in ${CONVERSATION_LIMITS.windowMinutes} minutes, not one more`, async () => {
    const sender = await createUser(app, { email: 'conv.busy@example.test' });
    const { row } = await inquire(condo.id, { token: sender.token, email: 'conv.busy@example.test' });
    for (let i = 0; i < CONVERSATION_LIMITS.perSender; i += 1) {
      expect((await write(row.id, sender.token, { body: `m${i}` })).statusCode).toBe(201);
    }
    const over = await write(row.id, sender.token, { body: 'one more' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await messagesOf(row.id)).length).toBe(1 + CONVERSATION_LIMITS.perSender);
    // Another sender is not limited by it.
    expect((await write(row.id, owner.token, { body: 'hello' })).statusCode).toBe(201);
  });

  it('two messages within 10 minutes send one mail; the next after 10 minutes sends another, in the reader’s language', async () => {
    const { row, email } = await inquire(condo.id, { language: 'ru' });
    expect(await mailsTo(email)).toHaveLength(1); // the link
    const t0 = new Date(Date.now() + 30 * MINUTE);
    await at(t0, () => write(row.id, owner.token, { body: 'First answer' }));
    await at(new Date(t0.getTime() + 9 * MINUTE), () => write(row.id, owner.token, { body: 'Second answer' }));
    const mails = await mailsTo(email, new Date(t0.getTime() + 9 * MINUTE));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain('Somsak');
    expect(mails[1]?.text).toContain('Ответить на Baan');
    expect(mails[1]?.text).toContain('First answer');
    expect(mails[1]?.text).not.toContain('conv.owner@example.test');
    expect(mails[1]?.replyTo).toBeNull();
    const t2 = new Date(t0.getTime() + 10 * MINUTE + 1);
    await at(t2, () => write(row.id, owner.token, { body: 'Third' }));
    expect(await mailsTo(email, t2)).toHaveLength(3);
  });

  it('the owner is mailed about a signed-in visitor’s reply in the owner’s language, with the inbox link', async () => {
    const { row } = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    const before = (await mailsTo('conv.owner@example.test')).length;
    const later = new Date(Date.now() + 20 * MINUTE);
    await at(later, () => write(row.id, renter.token, { body: 'Any news?' }));
    const mails = await mailsTo('conv.owner@example.test', later);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain(`https://baan.test/th/dashboard/messages/${row.id}`);
    expect(mails.at(-1)?.text).not.toContain('conv.renter@example.test');
  });

  it('block: the other side can no longer write, the lead becomes spam, nothing is stored', async () => {
    const { row, inquiryId, token } = await inquire(condo.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/conversations/${row.id}/block`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConversationResponse.parse(res.json()).payload).toMatchObject({ can_write: false, blocked_by_me: true });
    expect((await lead(inquiryId))?.status).toBe('spam');
    const blocked = await guestWrite(row.id, token, { body: 'hello?' });
    expect(blocked.statusCode).toBe(403);
    expect(ErrorEnvelope.parse(blocked.json()).message).toBe(M.blocked);
    expect((await write(row.id, owner.token, { body: 'x' })).statusCode).toBe(403);
    expect((await messagesOf(row.id)).length).toBe(1);
    expect(ConversationResponse.parse((await guestThread(row.id, token)).json()).payload).toMatchObject({
      can_write: false,
      blocked_by_me: false,
    });
  });
});

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** Opens an event stream (an account's by Bearer, or `path` itself); resolves the first event of `name` (parsed). */
function stream(token: string, streamPath = '/api/user/events') {
  const chunks: string[] = [];
  const waiting = new Set<() => void>();
  let req: http.ClientRequest | undefined;
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    req = http.get({ port, path: streamPath, headers: token ? bearer(token) : {} }, (res) => {
      // Everything the stream sends is kept from the start, so a test can also say what never came.
      res.on('data', (c: Buffer) => {
        chunks.push(c.toString());
        for (const look of [...waiting]) look();
      });
      resolve(res);
    });
    req.on('error', reject);
  });
  const next = (name: string) =>
    opened.then(
      () =>
        new Promise<unknown>((resolve) => {
          const look = () => {
            const match = new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`).exec(chunks.join(''));
            if (!match?.[1]) return;
            waiting.delete(look);
            resolve(JSON.parse(match[1]));
          };
          waiting.add(look);
          look();
        }),
    );
  return { opened, next, close: () => req?.destroy(), text: () => chunks.join('') };
}

describe('GET /api/user/events', () => {
  it('delivers a message written by another request to both sides’ streams, with `mine` per reader', async () => {
    const { row, token } = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    const ownerStream = stream(owner.token);
    const renterStream = stream(renter.token);
    const strangerStream = stream(stranger.token);
    const res = await ownerStream.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    await renterStream.opened;
    await strangerStream.opened;
    await new Promise((r) => setTimeout(r, 50));
    expect(token).toBeTruthy();
    const posted = await write(row.id, renter.token, { body: 'Live hello' });
    expect(posted.statusCode).toBe(201);
    const [forOwner, forRenter] = (await Promise.all([ownerStream.next('message'), renterStream.next('message')])).map(
      (e) => MessageEvent.parse(e),
    );
    expect(forOwner).toMatchObject({ conversation_id: row.id, message: { body: 'Live hello', mine: false } });
    expect(forRenter).toMatchObject({ conversation_id: row.id, message: { body: 'Live hello', mine: true } });
    await new Promise((r) => setTimeout(r, 50));
    expect(strangerStream.text()).not.toContain('Live hello');
    for (const s of [ownerStream, renterStream, strangerStream]) s.close();
    // Closed streams are removed (the cap counts open ones only).
    await new Promise((r) => setTimeout(r, 100));
    expect(app.conversationEvents.bus.streams(owner.id)).toBe(0);
  });

  it(`allows ${CONVERSATION_LIMITS.streamsPerUser} open streams per account, not one more`, async () => {
    const open = Array.from({ length: CONVERSATION_LIMITS.streamsPerUser }, () => stream(otherOwner.token));
    for (const s of open) expect((await s.opened).statusCode).toBe(200);
    const over = stream(otherOwner.token);
    expect((await over.opened).statusCode).toBe(429);
    for (const s of [...open, over]) s.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(app.conversationEvents.bus.streams(otherOwner.id)).toBe(0);
    const unauth = await app.inject({ method: 'GET', url: '/api/user/events' });
    expect(unauth.statusCode).toBe(401);
  });
});

describe('GET /api/conversations/{id}/events (a guest’s stream)', () => {
  const guestStream = (id: number, token: string) =>
    stream('', `/api/conversations/${id}/events?token=${encodeURIComponent(token)}`);
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('tells the guest of the owner’s answer in their thread only, with files behind their own token', async () => {
    const mine = await inquire(condo.id);
    const theirs = await inquire(condo.id);
    const guest = guestStream(mine.row.id, mine.token);
    const other = guestStream(theirs.row.id, theirs.token);
    const res = await guest.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    await other.opened;
    await settle();
    const fd = new FormData();
    fd.append('body', 'Sunday at 10 works');
    fd.append('files[]', new Blob([photo]), 'room.png');
    const posted = await app.inject({
      method: 'POST',
      url: `/api/user/conversations/${mine.row.id}/messages`,
      headers: bearer(owner.token),
      payload: fd,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const event = MessageEvent.parse(await guest.next('message'));
    expect(event).toMatchObject({ conversation_id: mine.row.id, message: { body: 'Sunday at 10 works', mine: false } });
    // The file's address is the guest's way in (their token), and it opens.
    const url = event.message.attachments[0]?.url ?? '';
    expect(url).toBe(
      `/api/conversations/${mine.row.id}/messages/${event.message.id}/files/0?token=${encodeURIComponent(mine.token)}`,
    );
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // The guest's own message comes back as theirs.
    expect((await guestWrite(mine.row.id, mine.token, { body: 'See you then' })).statusCode).toBe(201);
    await settle();
    expect(guest.text()).toContain('"mine":true');
    await settle();
    expect(other.text()).not.toContain('Sunday at 10');
    for (const s of [guest, other]) s.close();
    await settle();
    await settle();
    expect(app.conversationEvents.bus.threadStreams(mine.row.id)).toBe(0);
  });

  it('answers 404 to a wrong, another thread’s or missing token, and opens no stream', async () => {
    const a = await inquire(condo.id);
    const b = await inquire(condo.id);
    for (const [id, token] of [
      [a.row.id, b.token],
      [a.row.id, forged(a.token)],
      [b.row.id, a.token],
      [999_999, a.token],
    ] as const) {
      const res = await guestStream(id, token).opened;
      expect(res.statusCode).toBe(404);
      res.resume();
    }
    const missing = await app.inject({ method: 'GET', url: `/api/conversations/${a.row.id}/events` });
    expect(missing.statusCode).toBe(400);
    const long = await app.inject({
      method: 'GET',
      url: `/api/conversations/${a.row.id}/events?token=${'x'.repeat(CONVERSATION_LIMITS.token + 1)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(app.conversationEvents.bus.threadStreams(a.row.id)).toBe(0);
  });

  it('refuses a thread of an account’s visitor (they use their session) and caps a thread’s guest streams', async () => {
    const accountThread = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    expect((await guestStream(accountThread.row.id, accountThread.token).opened).statusCode).toBe(404);
    const g = await inquire(condo.id);
    const open = Array.from({ length: CONVERSATION_LIMITS.streamsPerUser }, () => guestStream(g.row.id, g.token));
    for (const s of open) expect((await s.opened).statusCode).toBe(200);
    const over = guestStream(g.row.id, g.token);
    expect((await over.opened).statusCode).toBe(429);
    for (const s of [...open, over]) s.close();
    await settle();
    await settle();
    expect(app.conversationEvents.bus.threadStreams(g.row.id)).toBe(0);
  });
});

describe('the inbox preview (last_message)', () => {
  const itemOf = async (token: string, id: number, box = 'inbox') =>
    (await inbox(token, box)).items.find((i) => i.id === id)?.last_message;

  it('shows the newest message folded on one line, cut at the limit, with who wrote it and its files', async () => {
    const { row, token } = await inquire(condo.id);
    expect(await itemOf(owner.token, row.id)).toEqual({
      excerpt: expect.stringMatching(/^Is it free\? \(\d+\)$/),
      mine: false,
      files: 0,
    });

    // Exactly the limit: whole. One more: cut one short, with an ellipsis (code points, so an emoji is never split).
    const exact = 'ก'.repeat(CONVERSATION_LIMITS.preview);
    expect((await write(row.id, owner.token, { body: exact })).statusCode).toBe(201);
    expect(await itemOf(owner.token, row.id)).toEqual({ excerpt: exact, mine: true, files: 0 });
    const long = `Line one\n\n   line   two ${'🏠'.repeat(CONVERSATION_LIMITS.preview)}`;
    expect((await write(row.id, owner.token, { body: long })).statusCode).toBe(201);
    const cut = await itemOf(owner.token, row.id);
    expect(cut?.excerpt.startsWith('Line one line two 🏠')).toBe(true);
    expect([...(cut?.excerpt ?? '')]).toHaveLength(CONVERSATION_LIMITS.preview);
    expect(cut?.excerpt.endsWith('🏠…')).toBe(true);

    // The guest answers with a photo only: the owner sees theirs, with one file and no text.
    const fd = new FormData();
    fd.append('body', '');
    fd.append('files[]', new Blob([photo]), 'room.png');
    const answered = await app.inject({
      method: 'POST',
      url: `/api/conversations/${row.id}/messages?token=${encodeURIComponent(token)}`,
      payload: fd,
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await itemOf(owner.token, row.id)).toEqual({ excerpt: '', mine: false, files: 1 });
  });

  it('shows each side its own view of the same message, and nothing of threads that are not theirs', async () => {
    const { row } = await inquire(condo.id, { token: renter.token, email: 'conv.renter@example.test' });
    expect((await write(row.id, owner.token, { body: 'Yes, still free.' })).statusCode).toBe(201);
    expect(await itemOf(renter.token, row.id, 'sent')).toEqual({ excerpt: 'Yes, still free.', mine: false, files: 0 });
    expect(await itemOf(owner.token, row.id)).toEqual({ excerpt: 'Yes, still free.', mine: true, files: 0 });
    expect(JSON.stringify(await inbox(stranger.token))).not.toContain('Yes, still free.');
  });
});
