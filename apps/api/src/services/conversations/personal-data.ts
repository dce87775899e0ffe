import type { DataExport } from '@baan/contract';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conversationMessages, conversations, users } from '../../db/schema.ts';
import { guestFileUrl, userFileUrl } from './conversations.ts';
import { guestToken } from './guest-token.ts';

type Side = 'owner' | 'visitor';

/** The threads that are the person's (ADR 034): about their listings, started from their account, or as a guest from their address. */
const threadsOf = (userId: number, email: string): SQL =>
  or(
    eq(conversations.ownerId, userId),
    eq(conversations.visitorId, userId),
    and(isNull(conversations.visitorId), sql`lower(${conversations.visitorEmail}) = ${email.toLowerCase()}`),
  ) as SQL;

/**
 * The person's conversations for their data export: each thread with the other side's name only (never their address
 * or phone) and the person's own messages; file addresses as the person opens them (the guest link's token for a
 * thread they started as a guest).
 */
export async function exportConversations(
  db: Db,
  secret: Buffer,
  user: { id: number; email: string },
): Promise<DataExport['conversations']> {
  const rows = await db
    .select({ thread: conversations, ownerName: users.name })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.ownerId))
    .where(threadsOf(user.id, user.email))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(conversationMessages)
    .where(
      inArray(
        conversationMessages.conversationId,
        rows.map((r) => r.thread.id),
      ),
    )
    .orderBy(asc(conversationMessages.id));
  return rows.map(({ thread, ownerName }) => {
    const side: Side = thread.ownerId === user.id ? 'owner' : 'visitor';
    const fileUrl =
      thread.visitorId === null && side === 'visitor'
        ? guestFileUrl(thread.id, guestToken(secret, thread.id, thread.guestKey))
        : userFileUrl(thread.id);
    return {
      id: thread.id,
      listing: { id: thread.propertyId, title: thread.propertyTitle },
      role: side,
      other_party: { name: side === 'owner' ? thread.visitorName : ownerName },
      created_at: thread.createdAt.toISOString(),
      last_message_at: thread.lastMessageAt.toISOString(),
      messages: messages
        .filter((m) => m.conversationId === thread.id && m.sender === side)
        .map((m) => ({
          id: m.id,
          body: m.body,
          attachments: m.attachments.map((a, n) => ({ kind: a.kind, url: fileUrl(m.id, n) })),
          created_at: m.createdAt.toISOString(),
        })),
    };
  });
}

/**
 * Deletes the person's threads, both sides' messages with them (ADR 034: a thread has no meaning without one of its
 * two people, and the inquiry that opened it is deleted the same way), in the caller's transaction. Answers the
 * storage keys of the threads' files, for the deletion's file job.
 */
export async function deleteConversationsOf(tx: Tx, userId: number, email: string): Promise<string[]> {
  const ids = (
    await tx.select({ id: conversations.id }).from(conversations).where(threadsOf(userId, email)).for('update')
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const files = await tx
    .select({ attachments: conversationMessages.attachments })
    .from(conversationMessages)
    .where(inArray(conversationMessages.conversationId, ids));
  // Messages go with their thread (ON DELETE CASCADE).
  await tx.delete(conversations).where(inArray(conversations.id, ids));
  return files.flatMap((f) => f.attachments.flatMap((a) => a.keys));
}
