import {
  CONVERSATION_LIMITS,
  type Conversation,
  type ConversationMessage,
  type ConversationPage,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  localizedPath,
  CONVERSATION_MESSAGES as M,
} from '@baan/contract';
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conversationMessages, conversations, propertyImages, propertyInquiries, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { imageUrls } from '../images/process-image.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReceivedFile } from '../uploads/receive-multipart.ts';
import { storePrivateFile } from '../uploads/store-private-file.ts';
import { conversationLinkMail, conversationMessageMail, type MailReader } from './conversation-mail.ts';
import type { ConversationEvent } from './event-bus.ts';
import { guestToken, isGuestToken, newGuestKey } from './guest-token.ts';

/** Attachments live under a prefix the public /uploads route refuses to serve (like verification documents). */
export const CONVERSATION_FOLDER = 'private/conversations';
export const CONVERSATIONS_PER_PAGE = 20;

type Row = typeof conversations.$inferSelect;
type MessageRow = typeof conversationMessages.$inferSelect;
export type Side = 'owner' | 'visitor';
/** Who is asking: an account (by id) or a guest holding a thread's token. */
export type Party = { userId: number } | { guestToken: string };
export type Access = { row: Row; side: Side; guest: boolean };
export type ConversationDeps = { db: Db; mailer: Mailer; storage: Storage; publicUrl: string; secret: Buffer };

const other = (side: Side): Side => (side === 'owner' ? 'visitor' : 'owner');
const language = (raw: string | null | undefined): Language => (raw && isLanguage(raw) ? raw : DEFAULT_LANGUAGE);

/** The page addresses the mails link to (the web app's dashboard inbox and the guest page). */
export const threadPath = (lang: Language, id: number) => localizedPath(lang, `/dashboard/messages/${id}`);
export const guestPath = (lang: Language, id: number, token: string) =>
  `${localizedPath(lang, `/messages/${id}`)}?token=${encodeURIComponent(token)}`;

/**
 * Opens the thread an inquiry starts (in the inquiry's transaction): the inquiry's text is its first message. A
 * guest (no account) is mailed their private link, unless `mailLink` is false (the typed address had its hour's
 * links, ADR 059: the owner's reply then carries the link). A visitor writing about their own listing opens none.
 */
export async function openConversation(
  tx: Tx,
  deps: Pick<ConversationDeps, 'mailer' | 'publicUrl' | 'secret'>,
  input: {
    inquiry: typeof propertyInquiries.$inferSelect;
    visitorId: number | null;
    language: Language;
    mailLink: boolean;
  },
): Promise<Row | null> {
  const { inquiry } = input;
  if (input.visitorId !== null && input.visitorId === inquiry.ownerId) return null;
  const [row] = await tx
    .insert(conversations)
    .values({
      propertyId: inquiry.propertyId,
      inquiryId: inquiry.id,
      propertyTitle: inquiry.propertyTitle,
      ownerId: inquiry.ownerId,
      visitorId: input.visitorId,
      visitorName: inquiry.name,
      visitorEmail: inquiry.email,
      visitorLanguage: input.language,
      guestKey: newGuestKey(),
      lastMessageAt: inquiry.createdAt,
      visitorReadAt: inquiry.createdAt,
      // The inquiry's own mail told the owner: the next message within 10 minutes is not mailed again.
      ownerMailedAt: inquiry.createdAt,
      createdAt: inquiry.createdAt,
    })
    .returning();
  if (!row) throw new Error('conversation insert returned nothing');
  await tx.insert(conversationMessages).values({
    conversationId: row.id,
    sender: 'visitor',
    body: inquiry.message,
    createdAt: inquiry.createdAt,
  });
  if (input.visitorId === null && input.mailLink) {
    const token = guestToken(deps.secret, row.id, row.guestKey);
    await deps.mailer.queue(
      tx,
      conversationLinkMail(
        { name: inquiry.name, email: inquiry.email, language: input.language },
        inquiry.propertyTitle,
        `${deps.publicUrl}${guestPath(input.language, row.id, token)}`,
      ),
    );
  }
  return row;
}

/**
 * The thread and the caller's side, or 404: a stranger, a forged token or another thread's token learn nothing
 * (not even that the thread exists).
 */
export async function accessConversation(db: Db, secret: Buffer, id: number, party: Party): Promise<Access> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  if (!row) throw notFound(M.notFound);
  if ('userId' in party) {
    if (row.ownerId === party.userId) return { row, side: 'owner', guest: false };
    if (row.visitorId !== null && row.visitorId === party.userId) return { row, side: 'visitor', guest: false };
    throw notFound(M.notFound);
  }
  // A guest token opens a guest's thread only (a visitor with an account uses their session).
  if (row.visitorId === null && isGuestToken(secret, row.id, row.guestKey, party.guestToken)) {
    return { row, side: 'visitor', guest: true };
  }
  throw notFound(M.notFound);
}

/** Cover photo (smallest width) of each listing, by id. */
async function covers(db: Db, storage: Storage, propertyIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(propertyIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ propertyId: propertyImages.propertyId, key: propertyImages.storageKey, widths: propertyImages.widths })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, ids))
    .orderBy(desc(propertyImages.isCover), asc(propertyImages.sortOrder), asc(propertyImages.id));
  const out = new Map<number, string>();
  for (const r of rows) {
    if (!out.has(r.propertyId)) out.set(r.propertyId, imageUrls(storage, { key: r.key, widths: r.widths }).src);
  }
  return out;
}

/** The other side's name only: never an address or a phone number. */
async function otherName(db: Db, row: Row, side: Side): Promise<string> {
  if (side === 'owner') return row.visitorName;
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.ownerId));
  return u?.name ?? '';
}

/** A message as one side sees it; file addresses for an account or for the guest's token. */
export function toWireMessage(m: MessageRow, side: Side, fileBase: (messageId: number, n: number) => string) {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    sender: m.sender,
    mine: m.sender === side,
    body: m.body,
    attachments: m.attachments.map((a, n) => ({ kind: a.kind, url: fileBase(m.id, n) })),
    created_at: m.createdAt.toISOString(),
  } satisfies ConversationMessage;
}

export const userFileUrl = (conversationId: number) => (messageId: number, n: number) =>
  `/api/user/conversations/${conversationId}/messages/${messageId}/files/${n}`;
export const guestFileUrl = (conversationId: number, token: string) => (messageId: number, n: number) =>
  `/api/conversations/${conversationId}/messages/${messageId}/files/${n}?token=${encodeURIComponent(token)}`;

/** The whole thread for one side, oldest first; reading it marks it read for that side. */
export async function readConversation(
  deps: Pick<ConversationDeps, 'db' | 'storage'>,
  access: Access,
  fileUrl: (messageId: number, n: number) => string,
  now: Date,
): Promise<Conversation> {
  const { row, side } = access;
  const [messages, cover, name] = await Promise.all([
    deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, row.id))
      .orderBy(asc(conversationMessages.id)),
    covers(deps.db, deps.storage, row.propertyId === null ? [] : [row.propertyId]),
    otherName(deps.db, row, side),
  ]);
  await deps.db
    .update(conversations)
    .set(side === 'owner' ? { ownerReadAt: now } : { visitorReadAt: now })
    .where(eq(conversations.id, row.id));
  return {
    id: row.id,
    listing: {
      id: row.propertyId,
      title: row.propertyTitle,
      cover_image: row.propertyId === null ? null : (cover.get(row.propertyId) ?? null),
    },
    other_party: { name },
    role: side,
    can_write: row.blockedBy === null,
    blocked_by_me: row.blockedBy === side,
    messages: messages.map((m) => toWireMessage(m, side, fileUrl)),
  };
}

/** Unread messages of a thread for the side whose read time is `readAt`: the other side's messages after it. */
const unreadOf = (side: Side) => {
  const readAt = side === 'owner' ? conversations.ownerReadAt : conversations.visitorReadAt;
  return sql<number>`(select count(*)::int from ${conversationMessages} m where m.conversation_id = ${conversations.id}
    and m.sender <> ${side} and (${readAt} is null or m.created_at > ${readAt}))`;
};

/** The caller's threads: `inbox` about their listings, `sent` the ones they started; newest activity first. */
export async function listConversations(
  deps: Pick<ConversationDeps, 'db' | 'storage'>,
  userId: number,
  box: 'inbox' | 'sent',
  page: number,
): Promise<ConversationPage> {
  const { db } = deps;
  const side: Side = box === 'inbox' ? 'owner' : 'visitor';
  const where: SQL = box === 'inbox' ? eq(conversations.ownerId, userId) : eq(conversations.visitorId, userId);
  const [rows, [counted], [inboxUnread], [sentUnread]] = await Promise.all([
    db
      .select({ row: conversations, unread: unreadOf(side), ownerName: users.name })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.ownerId))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(CONVERSATIONS_PER_PAGE)
      .offset((page - 1) * CONVERSATIONS_PER_PAGE),
    db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(where),
    db
      .select({ n: sql<number>`coalesce(sum(${unreadOf('owner')}), 0)::int` })
      .from(conversations)
      .where(eq(conversations.ownerId, userId)),
    db
      .select({ n: sql<number>`coalesce(sum(${unreadOf('visitor')}), 0)::int` })
      .from(conversations)
      .where(eq(conversations.visitorId, userId)),
  ]);
  const [cover, latest] = await Promise.all([
    covers(
      db,
      deps.storage,
      rows.flatMap((r) => (r.row.propertyId === null ? [] : [r.row.propertyId])),
    ),
    lastMessages(
      db,
      rows.map((r) => r.row.id),
    ),
  ]);
  return {
    items: rows.map(({ row, unread, ownerName }) => ({
      id: row.id,
      listing: {
        id: row.propertyId,
        title: row.propertyTitle,
        cover_image: row.propertyId === null ? null : (cover.get(row.propertyId) ?? null),
      },
      other_party: { name: side === 'owner' ? row.visitorName : ownerName },
      last_message_at: row.lastMessageAt.toISOString(),
      unread,
      last_message: preview(latest.get(row.id), side),
    })),
    total: counted?.n ?? 0,
    page,
    per_page: CONVERSATIONS_PER_PAGE,
    unread: { inbox: inboxUnread?.n ?? 0, sent: sentUnread?.n ?? 0 },
  };
}

type Latest = { sender: Side; body: string; files: number };

/** Each thread's newest message (one statement for the page: DISTINCT ON over the thread index). */
async function lastMessages(db: Db, ids: number[]): Promise<Map<number, Latest>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([conversationMessages.conversationId], {
      conversationId: conversationMessages.conversationId,
      sender: conversationMessages.sender,
      // Only the preview's first characters leave the database.
      body: sql<string>`left(${conversationMessages.body}, ${CONVERSATION_LIMITS.preview * 2})`,
      files: sql<number>`jsonb_array_length(${conversationMessages.attachments})::int`,
    })
    .from(conversationMessages)
    .where(inArray(conversationMessages.conversationId, ids))
    .orderBy(conversationMessages.conversationId, desc(conversationMessages.id));
  return new Map(rows.map(({ conversationId, ...latest }) => [conversationId, latest]));
}

/** The inbox's one-line preview: whitespace folded, cut at `preview` characters (by code point) with an ellipsis. */
export function preview(latest: Latest | undefined, side: Side) {
  if (!latest) return null;
  const chars = [...latest.body.replace(/\s+/g, ' ').trim()];
  const excerpt =
    chars.length > CONVERSATION_LIMITS.preview
      ? `${chars
          .slice(0, CONVERSATION_LIMITS.preview - 1)
          .join('')
          .trimEnd()}…`
      : chars.join('');
  return { excerpt, mine: latest.sender === side, files: latest.files };
}

/** Who reads the mail about a message of `side`'s: the other side's account, or the guest. */
async function reader(
  tx: Tx,
  row: Row,
  side: Side,
): Promise<(MailReader & { account: boolean; writer: string }) | null> {
  const ids = [row.ownerId, ...(row.visitorId === null ? [] : [row.visitorId])];
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const owner = byId.get(row.ownerId);
  const visitor = row.visitorId === null ? null : byId.get(row.visitorId);
  if (side === 'visitor') {
    if (!owner) return null;
    return {
      name: owner.name,
      email: owner.email,
      language: language(owner.language),
      account: true,
      writer: visitor?.name || row.visitorName,
    };
  }
  const writer = owner?.name ?? '';
  if (visitor) {
    return { name: visitor.name, email: visitor.email, language: language(visitor.language), account: true, writer };
  }
  return {
    name: row.visitorName,
    email: row.visitorEmail,
    language: language(row.visitorLanguage),
    account: false,
    writer,
  };
}

/**
 * Writes a message: its files are stored privately first, then, in one transaction, the message, the thread's
 * activity, the writer's read time, the owner's first answer on the lead, and — at most once per 10 minutes per
 * thread — the durable mail to the other side. Refused (403) once either side blocked the other. Returns the
 * message for the writer and the event for the open streams of both sides.
 */
export async function postMessage(
  deps: ConversationDeps,
  access: Access,
  input: { body: string; files: ReceivedFile[] },
  now: Date,
): Promise<{ message: MessageRow; event: ConversationEvent }> {
  const { row, side } = access;
  if (row.blockedBy !== null) throw forbidden(M.blocked);
  const stored: { kind: 'image' | 'pdf'; key: string; keys: string[] }[] = [];
  try {
    for (const file of input.files) {
      const s = await storePrivateFile(deps.storage, CONVERSATION_FOLDER, file);
      stored.push({ kind: file.kind === 'pdf' ? 'pdf' : 'image', key: s.key, keys: s.all });
    }
    const message = await deps.db.transaction(async (tx) => {
      // Still writable: a block that landed after the check above wins.
      const [touched] = await tx
        .update(conversations)
        .set({ lastMessageAt: now, ...(side === 'owner' ? { ownerReadAt: now } : { visitorReadAt: now }) })
        .where(and(eq(conversations.id, row.id), isNull(conversations.blockedBy)))
        .returning({ id: conversations.id });
      if (!touched) throw forbidden(M.blocked);
      const [inserted] = await tx
        .insert(conversationMessages)
        .values({ conversationId: row.id, sender: side, body: input.body, attachments: stored, createdAt: now })
        .returning();
      if (!inserted) throw new Error('message insert returned nothing');
      if (side === 'owner' && row.inquiryId !== null) {
        // The owner's first reply is the lead's answer time (a new lead is now contacted).
        await tx
          .update(propertyInquiries)
          .set({
            respondedAt: sql`coalesce(${propertyInquiries.respondedAt}, ${now.toISOString()}::timestamptz)`,
            status: sql`case when ${propertyInquiries.status} = 'new' then 'contacted' else ${propertyInquiries.status} end`,
          })
          .where(eq(propertyInquiries.id, row.inquiryId));
      }
      await mailOtherSide(tx, deps, row, side, input.body, now);
      return inserted;
    });
    const userIds = [row.ownerId, ...(row.visitorId === null ? [] : [row.visitorId])];
    const event: ConversationEvent = {
      userIds,
      conversationId: row.id,
      ownerId: row.ownerId,
      event: 'message',
      data: {
        conversation_id: row.id,
        message: toWireMessage(message, side, userFileUrl(row.id)),
      },
    };
    return { message, event };
  } catch (err) {
    await deps.storage.delete(stored.flatMap((s) => s.keys)).catch(() => undefined);
    throw err;
  }
}

/** Claims the other side's mail slot (10 minutes per thread) and, when it was free, queues the mail. */
async function mailOtherSide(tx: Tx, deps: ConversationDeps, row: Row, side: Side, body: string, now: Date) {
  const target = other(side);
  const mailedAt = target === 'owner' ? conversations.ownerMailedAt : conversations.visitorMailedAt;
  const since = new Date(now.getTime() - CONVERSATION_LIMITS.mailEveryMinutes * 60_000);
  const [claimed] = await tx
    .update(conversations)
    .set(target === 'owner' ? { ownerMailedAt: now } : { visitorMailedAt: now })
    .where(and(eq(conversations.id, row.id), or(isNull(mailedAt), lt(mailedAt, since))))
    .returning({ id: conversations.id });
  if (!claimed) return;
  const to = await reader(tx, row, side);
  if (!to) return;
  const path = to.account
    ? threadPath(to.language, row.id)
    : guestPath(to.language, row.id, guestToken(deps.secret, row.id, row.guestKey));
  await deps.mailer.queue(
    tx,
    conversationMessageMail(to, to.writer, row.propertyTitle, body, `${deps.publicUrl}${path}`),
  );
}

/** The caller blocks the other side: nobody writes any more; the owner's lead becomes spam. */
export async function blockConversation(db: Db, access: Access): Promise<void> {
  const { row, side } = access;
  await db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({ blockedBy: side })
      .where(and(eq(conversations.id, row.id), isNull(conversations.blockedBy)));
    if (side === 'owner' && row.inquiryId !== null) {
      await tx.update(propertyInquiries).set({ status: 'spam' }).where(eq(propertyInquiries.id, row.inquiryId));
    }
  });
}

/** A message's stored file for one of the two sides, or 404. */
export async function attachmentKey(db: Db, access: Access, messageId: number, n: number): Promise<string> {
  const [m] = await db
    .select({ attachments: conversationMessages.attachments })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, access.row.id)));
  const file = m?.attachments[n];
  if (!file) throw notFound(M.fileNotFound);
  return file.key;
}
