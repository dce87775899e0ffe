import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  VIEWING_MESSAGES as M,
  VIEWING_ERROR_CODES,
  VIEWING_LIMITS,
  type Viewing,
  type ViewingRequest,
} from '@baan/contract';
import { and, asc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs, properties, users, viewings } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isVisible } from '../properties/visible.ts';
import { countViewing } from '../stats/record.ts';
import { HOUR, isOnTheHour } from './bangkok-time.ts';
import { freeSlots, HOLDING_STATUSES, readSlots, withinHours } from './slots.ts';
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

/** Who asks for a viewing: the signed-in account (or null for a guest) and the network (networkId), with the e-mail given. */
export type Requester = { userId: number | null; language: Language; network: string | null };

const waitingRefusal = (message: string) =>
  new HttpError(409, message, undefined, undefined, VIEWING_ERROR_CODES.requestsWaiting);

/**
 * Refuses (409, nothing written) a request whose requester already has VIEWING_LIMITS.pendingPerListing requests
 * waiting on this listing, or pendingTotal on all listings (ADR 057). A requester is the signed-in account, or for a
 * guest the network, whose guests share the looser pendingPerListingNetwork and pendingTotalNetwork (one IPv4 address
 * may be a carrier's NAT for many people; a signed-in buyer is never refused for what others on the network asked).
 * The e-mail typed into the form is not a requester: anyone may type anyone's address, so counting it would let an
 * attacker refuse that person's booking (ADR 019). A request waits while it is `requested` and its hour is ahead: the
 * owner's answer or the hour passing releases it. Advisory locks on the requester's keys make two requests racing
 * from one requester count one after the other (across processes, PostgreSQL and PGlite alike).
 */
async function assertFewWaiting(
  tx: Tx,
  listingId: number,
  requester: { userId: number | null; network: string | null },
  now: Date,
): Promise<void> {
  // A guest's network; a signed-in account is counted as itself only.
  const network = requester.userId === null ? requester.network : null;
  const keys = [
    ...(requester.userId !== null ? [`u:${requester.userId}`] : []),
    ...(network ? [`n:${network}`] : []),
  ].sort();
  if (keys.length === 0) return;
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`viewing-waiting:${key}`}))`);
  const who: SQL[] = [];
  if (requester.userId !== null) who.push(eq(viewings.userId, requester.userId));
  if (network) who.push(and(eq(viewings.network, network), isNull(viewings.userId)) as SQL);
  const waiting = await tx
    .select({ propertyId: viewings.propertyId, userId: viewings.userId, network: viewings.network })
    .from(viewings)
    .where(and(eq(viewings.status, 'requested'), gt(viewings.startsAt, now), or(...who)));
  type Row = (typeof waiting)[number];
  const identities: { same: (row: Row) => boolean; perListing: number; total: number; network?: true }[] = [
    ...(requester.userId !== null
      ? [
          {
            same: (row: Row) => row.userId === requester.userId,
            perListing: VIEWING_LIMITS.pendingPerListing,
            total: VIEWING_LIMITS.pendingTotal,
          },
        ]
      : []),
    ...(network
      ? [
          {
            same: (row: Row) => row.network === network && row.userId === null,
            perListing: VIEWING_LIMITS.pendingPerListingNetwork,
            total: VIEWING_LIMITS.pendingTotalNetwork,
            network: true as const,
          },
        ]
      : []),
  ];
  for (const { same, perListing, total, network: byNetwork } of identities) {
    const mine = waiting.filter(same);
    const onListing = mine.filter((row) => row.propertyId === listingId).length >= perListing;
    if (!onListing && mine.length < total) continue;
    if (byNetwork) throw waitingRefusal(M.waitingFromNetwork);
    throw waitingRefusal(onListing ? M.waitingOnListing : M.waitingTotal);
  }
}

/**
 * Makes the transactions that ask for and confirm one owner's hour take turns (an advisory lock, across processes): a
 * request that checked the hour free and wrote its row before a confirmation of that hour committed is then seen by
 * the confirmation, which declines it with the others; a request after the confirmation finds the hour held.
 */
async function lockOwnerHour(tx: Tx, ownerId: number, startsAt: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`viewing-hour:${ownerId}:${startsAt.toISOString()}`}))`);
}

/** Whether the owner's hour is held: a proposed or confirmed viewing starts then (a request holds nothing, ADR 057). */
async function isHeld(tx: Tx, ownerId: number, startsAt: Date): Promise<boolean> {
  const [held] = await tx
    .select({ id: viewings.id })
    .from(viewings)
    .where(
      and(
        eq(viewings.ownerId, ownerId),
        eq(viewings.startsAt, startsAt),
        inArray(viewings.status, [...HOLDING_STATUSES]),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/**
 * POST /api/property/{id}/viewings. An hour stays requestable by everyone until the owner confirms a viewing then
 * (ADR 057): a request is refused 409 only when the hour is held (proposed or confirmed), or when its requester
 * already has too many requests waiting (assertFewWaiting). A refusal writes nothing.
 */
export async function requestViewing(
  deps: ViewingDeps,
  propertyId: number,
  input: ViewingRequest,
  visitor: Requester,
  now: Date,
): Promise<ViewingRow> {
  const listing = await findBookableListing(deps.db, propertyId);
  if (visitor.userId === listing.ownerId) throw badRequest(M.ownListing);
  const startsAt = new Date(input.starts_at);
  checkTime(startsAt, now);
  const hours = await readSlots(deps.db, listing.ownerId);
  if (hours.length === 0) throw badRequest(M.noHours);
  if (!withinHours(hours, startsAt)) throw refuse(M.outsideHours);
  return deps.db.transaction(async (tx) => {
    await assertFewWaiting(tx, listing.id, { userId: visitor.userId, network: visitor.network }, now);
    await lockOwnerHour(tx, listing.ownerId, startsAt);
    if (await isHeld(tx, listing.ownerId, startsAt)) throw conflict(M.taken, { starts_at: [M.taken] });
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
        network: visitor.network,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('viewing insert returned nothing');
    await countViewing(tx, listing.id, now);
    await mailParties(tx, deps, row, 'requested', ['owner'], now);
    return row;
  });
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

/**
 * The hour is held now (a confirmation, or the owner's proposal of it): the other requests for it are declined and
 * their visitors told, so none is left waiting on an hour nobody can confirm (ADR 057).
 */
async function declineOthersAt(tx: Tx, deps: ViewingDeps, held: ViewingRow, now: Date): Promise<void> {
  const others = await tx
    .update(viewings)
    .set({ status: 'declined', updatedAt: now })
    .where(
      and(
        eq(viewings.ownerId, held.ownerId),
        eq(viewings.startsAt, held.startsAt),
        eq(viewings.status, 'requested'),
        ne(viewings.id, held.id),
      ),
    )
    .returning();
  for (const other of others) await mailParties(tx, deps, other, 'declined', ['visitor'], now);
}

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
        // Before the confirmation: a request for this hour still being written is then declined with the others.
        await lockOwnerHour(tx, ownerId, row.startsAt);
        const [updated] = await tx
          .update(viewings)
          .set({ status: 'confirmed', updatedAt: now })
          .where(eq(viewings.id, id))
          .returning();
        if (!updated) throw notFound(M.notFound);
        await mailParties(tx, deps, updated, 'confirmed', ['visitor', 'owner'], now);
        await declineOthersAt(tx, deps, updated, now);
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
      // A proposal holds its hour as a confirmation does (ADR 057): a request for it being written waits its turn.
      if (decision.action === 'propose') await lockOwnerHour(tx, ownerId, decision.startsAt);
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
      if (decision.action === 'propose') await declineOthersAt(tx, deps, updated, now);
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
