/** How long one purchase lasts. */
export const SUBSCRIPTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export type Period = { startsAt: Date; endsAt: Date };

/**
 * The period a new purchase buys. It starts now, or, while the user still has time left, at the
 * end of that time, so buying early never loses days.
 */
export function nextPeriod(now: Date, currentEndsAt: Date | null, days: number = SUBSCRIPTION_DAYS): Period {
  const startsAt = currentEndsAt && currentEndsAt.getTime() > now.getTime() ? currentEndsAt : now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + days * DAY_MS) };
}

/** Active means now is inside the period: computed from the dates, never stored as a flag. */
export function isPeriodActive(period: Period, now: Date): boolean {
  return period.startsAt.getTime() <= now.getTime() && now.getTime() < period.endsAt.getTime();
}

/** Whole days left, rounded up (a subscription ending in 2 hours has 1 day left), never negative. */
export function daysLeft(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * The user's standing from their periods: the one covering now, and the end of the unbroken run
 * of periods from it (extensions start exactly where the previous period ends).
 */
export function currentStanding<P extends Period>(
  periods: readonly P[],
  now: Date,
): { current: P; endsAt: Date } | null {
  const sorted = [...periods].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const current = sorted.find((p) => isPeriodActive(p, now));
  if (!current) return null;
  let endsAt = current.endsAt;
  for (const p of sorted) {
    if (p.startsAt.getTime() <= endsAt.getTime() && p.endsAt.getTime() > endsAt.getTime()) endsAt = p.endsAt;
  }
  return { current, endsAt };
}
