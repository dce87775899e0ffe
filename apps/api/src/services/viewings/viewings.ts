import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  VIEWING_MESSAGES as M,
  VIEWING_LIMITS,
  type Viewing,
  type ViewingRequest,
} from '@baan/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs, properties, users, viewings } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isVisible } from '../properties/visible.ts';
import { countViewing } from '../stats/record.ts';
import { HOUR, isOnTheHour } from './bangkok-time.ts';
import { freeSlots, readSlots, withinHours } from './slots.ts';
import {
  type Recipient,
  reminderAt,
  type ViewingMailFacts,
  type ViewingMailKind,
  viewingMail,
} from './viewing-mail.ts';

export type ViewingDeps = { db: Db; mailer: Mailer; publicUrl: string };
export type ViewingRow = typeof viewings.$inferSelect;

/** The durable job that mails both sides a day before a confirmed viewing. */
export const VIEWING_REMINDER_JOB = 'viewing.reminder';

const refuse = (message: string) => badRequest(message, { starts_at: [message] });

/** The time rules every new time obeys (a request and an owner's proposal): on the hour, ≥ 2 h ahead, ≤ 14 days. */
function checkTime(startsAt: Date, now: Date): void {
  if (!isOnTheHour(startsAt)) throw refuse(M.notOnTheHour);
  if (startsAt.getTime() <= now.getTime()) throw refuse(M.past);
  if (startsAt.getTime() - now.getTime() < VIEWING_LIMITS.minLeadMs) throw refuse(M.tooSoon);
  if (startsAt.getTime() - now.getTime() > VIEWING_LIMITS.days * 24 * HOUR) throw refuse(M.tooFar);
}

/** A listing one may book: visible to the public (active, approved, owner not disabled). */
export async function findBookableListing(db: Db, propertyId: number) {
  const [listing] = await db
    .select({ id: properties.id, title: properties.title, location: properties.location, ownerId: properties.userId })
    .from(properties)
    .where(and(eq(properties.id, propertyId), isVisible));
  if (!listing) throw notFound(M.listingNotFound);
  return listing;
}

/** GET /api/property/{id}/viewing-slots. */
export async function listingFreeSlots(db: Db, propertyId: number, now: Date) {
  const listing = await findBookableListing(db, propertyId);
  return { timezone: 'Asia/Bangkok' as const, free: await freeSlots(db, listing.ownerId, now) };
}

async function person(tx: Db | Tx, id: number) {
  const [row] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

async function facts(tx: Db | Tx, row: ViewingRow): Promise<ViewingMailFacts> {
  const [listing] = await tx
    .select({ location: properties.location })
    .from(properties)
    .where(eq(properties.id, row.propertyId));
  return {
    id: row.id,
    propertyId: row.propertyId,
    title: row.propertyTitle,
    location: listing?.location ?? '',
    startsAt: row.startsAt,
    mode: row.mode,
    visitor: { name: row.name, email: row.email, phone: row.phone },
  };
}

async function mailParties(
  tx: Db | Tx,
  deps: ViewingDeps,
  row: ViewingRow,
  kind: ViewingMailKind,
  who: readonly ('owner' | 'visitor')[],
  now: Date,
): Promise<void> {
  const f = await facts(tx, row);
  for (const role of who) {
    let to: Recipient;
    if (role === 'owner') to = { ...(await person(tx, row.ownerId)), role };
    else to = { email: row.email, name: row.name, language: row.language, role };
    await deps.mailer.queue(tx, viewingMail(kind, to, f, deps.publicUrl, now));
  }
}

/** POST /api/property/{id}/viewings. The unique index decides a race: the loser gets 409, nothing stored. */
export async function requestViewing(
  deps: ViewingDeps,
  propertyId: number,
  input: ViewingRequest,
  visitor: { userId: number | null; language: Language },
  now: Date,
): Promise<ViewingRow> {
  const listing = await findBookableListing(deps.db, propertyId);
  if (visitor.userId === listing.ownerId) throw badRequest(M.ownListing);
  const startsAt = new Date(input.starts_at);
  checkTime(startsAt, now);
  const hours = await readSlots(deps.db, listing.ownerId);
  if (hours.length === 0) throw badRequest(M.noHours);
  if (!withinHours(hours, startsAt)) throw refuse(M.outsideHours);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(viewings)
        .values({
          propertyId: listing.id,
          ownerId: listing.ownerId,
          userId: visitor.userId,
          propertyTitle: listing.title,
          startsAt,
          mode: input.mode,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          language: visitor.language,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('viewing insert returned nothing');
      await countViewing(tx, listing.id, now);
      await mailParties(tx, deps, row, 'requested', ['owner'], now);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.taken, { starts_at: [M.taken] });
    throw err;
  }
}

/** The owner's viewing, locked; 404 for a missing id and for another owner's (nobody learns which ids exist). */
async function ownViewing(tx: Tx, ownerId: number, id: number): Promise<ViewingRow> {
  const [row] = await tx
    .select()
    .from(viewings)
    .where(and(eq(viewings.id, id), eq(viewings.ownerId, ownerId)))
    .for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Drops a viewing's reminder that has not run yet (a declined or moved viewing must not remind anyone). */
async function dropReminder(tx: Tx, id: number): Promise<void> {
  await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, VIEWING_REMINDER_JOB),
        eq(jobs.state, 'queued'),
        sql`${jobs.payload}->>'viewingId' = ${String(id)}`,
      ),
    );
}

export type Decision = { action: 'confirm' } | { action: 'decline' } | { action: 'propose'; startsAt: Date };

/** POST /api/user/viewings/{id}/confirm | decline | propose. */
export async function decideViewing(
  deps: ViewingDeps,
  ownerId: number,
  id: number,
  decision: Decision,
  now: Date,
): Promise<ViewingRow> {
  if (decision.action === 'propose') checkTime(decision.startsAt, now);
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await ownViewing(tx, ownerId, id);
      if (row.status === 'declined') throw conflict(M.notOpen);
      if (decision.action === 'confirm') {
        if (row.status === 'confirmed') throw conflict(M.alreadyConfirmed);
        if (row.startsAt.getTime() <= now.getTime()) throw conflict(M.past);
        const [updated] = await tx
          .update(viewings)
          .set({ status: 'confirmed', updatedAt: now })
          .where(eq(viewings.id, id))
          .returning();
        if (!updated) throw notFound(M.notFound);
        await mailParties(tx, deps, updated, 'confirmed', ['visitor', 'owner'], now);
        const remindAt = reminderAt(updated.startsAt);
        if (remindAt.getTime() > now.getTime()) {
          await enqueueJob(
            tx,
            VIEWING_REMINDER_JOB,
            { viewingId: id, startsAt: updated.startsAt.toISOString() },
            { runAt: remindAt },
          );
        }
        return updated;
      }
      await dropReminder(tx, id);
      const [updated] = await tx
        .update(viewings)
        .set(
          decision.action === 'decline'
            ? { status: 'declined', updatedAt: now }
            : { status: 'proposed', startsAt: decision.startsAt, updatedAt: now },
        )
        .where(eq(viewings.id, id))
        .returning();
      if (!updated) throw notFound(M.notFound);
      await mailParties(tx, deps, updated, decision.action === 'decline' ? 'declined' : 'proposed', ['visitor'], now);
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.taken, { starts_at: [M.taken] });
    throw err;
  }
}

/** The reminder job: only a viewing still confirmed for the same hour is reminded of. */
export async function sendViewingReminder(
  deps: ViewingDeps,
  payload: { viewingId: unknown; startsAt: unknown },
  now: Date,
): Promise<boolean> {
  const id = Number(payload.viewingId);
  if (!Number.isSafeInteger(id)) return false;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(viewings).where(eq(viewings.id, id));
    if (row?.status !== 'confirmed' || row.startsAt.toISOString() !== payload.startsAt) return false;
    await mailParties(tx, deps, row, 'reminder', ['visitor', 'owner'], now);
    return true;
  });
}

/** GET /api/user/viewings: as owner and as the signed-in visitor, soonest first. */
export async function listViewings(db: Db, userId: number): Promise<Viewing[]> {
  const rows = await db
    .select()
    .from(viewings)
    .where(or(eq(viewings.ownerId, userId), eq(viewings.userId, userId)))
    .orderBy(asc(viewings.startsAt), asc(viewings.id))
    .limit(200);
  return rows.map((row) => toWireViewing(row, userId));
}

export function toWireViewing(row: ViewingRow, viewerId: number): Viewing {
  return {
    id: row.id,
    property_id: row.propertyId,
    property_title: row.propertyTitle,
    starts_at: row.startsAt.toISOString(),
    ends_at: new Date(row.startsAt.getTime() + HOUR).toISOString(),
    mode: row.mode,
    status: row.status,
    role: row.ownerId === viewerId ? 'owner' : 'visitor',
    name: row.name,
    email: row.email,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
  };
}

export const visitorLanguage = (userLanguage: string | undefined, requestLanguage: Language): Language =>
  userLanguage && isLanguage(userLanguage) ? userLanguage : (requestLanguage ?? DEFAULT_LANGUAGE);
