import { VIEWING_LIMITS, type ViewingSlot, type ViewingSlots } from '@baan/contract';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { viewingSlots, viewings } from '../../db/schema.ts';
import { bangkokClock, HOUR, hhmm, isOnTheHour, minutesOf } from './bangkok-time.ts';

export type SlotRow = { weekday: number; startMinute: number; endMinute: number };

/** An owner's weekly hours, by day then start. */
export async function readSlots(db: Db | Tx, userId: number): Promise<SlotRow[]> {
  return db
    .select({ weekday: viewingSlots.weekday, startMinute: viewingSlots.startMinute, endMinute: viewingSlots.endMinute })
    .from(viewingSlots)
    .where(eq(viewingSlots.userId, userId))
    .orderBy(asc(viewingSlots.weekday), asc(viewingSlots.startMinute));
}

export const toWireSlots = (rows: SlotRow[]): ViewingSlots => ({
  timezone: 'Asia/Bangkok',
  slots: rows.map((r) => ({ weekday: r.weekday, start: hhmm(r.startMinute), end: hhmm(r.endMinute) })),
});

/** PUT /api/user/viewing-slots: replaces the whole week in one transaction (input checked by the contract). */
export async function saveSlots(db: Db, userId: number, slots: ViewingSlot[]): Promise<ViewingSlots> {
  return db.transaction(async (tx) => {
    await tx.delete(viewingSlots).where(eq(viewingSlots.userId, userId));
    if (slots.length > 0) {
      await tx.insert(viewingSlots).values(
        slots.map((s) => ({
          userId,
          weekday: s.weekday,
          startMinute: minutesOf(s.start),
          endMinute: minutesOf(s.end),
        })),
      );
    }
    return toWireSlots(await readSlots(tx, userId));
  });
}

/** Whether a one-hour viewing starting at `at` lies wholly inside one of the weekly ranges. */
export function withinHours(rows: SlotRow[], at: Date): boolean {
  if (!isOnTheHour(at)) return false;
  const { weekday, minute } = bangkokClock(at);
  return rows.some((r) => r.weekday === weekday && r.startMinute <= minute && minute + 60 <= r.endMinute);
}

/**
 * Statuses that hold an owner's hour (the unique index viewings_owner_held_slot_unique). A request does not: the hour
 * stays free for everyone until the owner confirms or proposes it (ADR 057), so nobody can squat the free hours.
 */
export const HOLDING_STATUSES = ['proposed', 'confirmed'] as const;

/** The free one-hour starts from `now` + the lead time to `now` + VIEWING_LIMITS.days, ascending. */
export async function freeSlots(db: Db, ownerId: number, now: Date): Promise<string[]> {
  const rows = await readSlots(db, ownerId);
  if (rows.length === 0) return [];
  const first = Math.ceil((now.getTime() + VIEWING_LIMITS.minLeadMs) / HOUR) * HOUR;
  const last = now.getTime() + VIEWING_LIMITS.days * 24 * HOUR;
  const taken = await db
    .select({ startsAt: viewings.startsAt })
    .from(viewings)
    .where(
      and(
        eq(viewings.ownerId, ownerId),
        inArray(viewings.status, [...HOLDING_STATUSES]),
        gte(viewings.startsAt, new Date(first)),
        lt(viewings.startsAt, new Date(last + HOUR)),
      ),
    );
  const busy = new Set(taken.map((t) => t.startsAt.getTime()));
  const free: string[] = [];
  for (let t = first; t <= last; t += HOUR) {
    if (!busy.has(t) && withinHours(rows, new Date(t))) free.push(new Date(t).toISOString());
  }
  return free;
}
