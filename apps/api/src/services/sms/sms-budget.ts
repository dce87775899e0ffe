import { AUTH_ERROR_CODES, PHONE_MESSAGES } from '@baan/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, smsBudgetCounts } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { secondsUntil } from '../../lib/rate-limit.ts';
import type { SmsAllowance, SmsBudgetRules } from '../../lib/sms-budget-rules.ts';

/** Thailand's calling code: the home budget. */
export const HOME_CALLING_CODE = '66';

/** The ITU two-digit calling codes; 1 and 7 are one digit, every other code has three (the codes are prefix-free). */
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/** The calling code of an E.164 number ('+66812345678' → '66', '+12025550123' → '1', '+8551234567' → '855'). */
export function callingCode(e164: string): string {
  const digits = e164.startsWith('+') ? e164.slice(1) : e164;
  if (digits.startsWith('1') || digits.startsWith('7')) return digits.slice(0, 1);
  if (TWO_DIGIT_CODES.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const WINDOWS = [
  { window: 'hour', ms: HOUR_MS },
  { window: 'day', ms: DAY_MS },
] as const;

/** What a new account may spend of an allowance: the whole minus the reserved share (rounded up). */
export const openShare = (allowance: number, reservedPercent: number): number =>
  allowance - Math.ceil((allowance * reservedPercent) / 100);

/** The 429 when a destination's budget is spent; Retry-After is when the window that refused ends. */
export const smsBudgetSpent = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    PHONE_MESSAGES.budgetSpent,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
    AUTH_ERROR_CODES.smsBudgetSpent,
  );

/**
 * Counts one SMS to `e164` against its destination's hour and day (and, abroad, the total abroad), inside the
 * caller's transaction: each count is one conditional upsert that adds 1 only while the count is below the cap, so
 * processes racing for the last SMS cannot both get it. When any count is at its cap this throws the 429, and the
 * transaction takes back the counts already made: a refused SMS counts nothing and nothing is queued.
 */
export async function spendSmsBudget(
  tx: Db | Tx,
  rules: SmsBudgetRules,
  e164: string,
  established: boolean,
  now: Date,
): Promise<void> {
  const code = callingCode(e164);
  const budgets: [string, SmsAllowance][] =
    code === HOME_CALLING_CODE
      ? [[code, rules.home]]
      : [
          [code, rules.countries[code] ?? rules.country],
          ['abroad', rules.abroad],
        ];
  for (const [destination, allowance] of budgets) {
    for (const { window, ms } of WINDOWS) {
      const cap = established ? allowance[window] : openShare(allowance[window], rules.reservedPercent);
      const windowStart = new Date(Math.floor(now.getTime() / ms) * ms);
      const refused = () => smsBudgetSpent(secondsUntil(windowStart.getTime() + ms, now.getTime()));
      if (cap < 1) throw refused();
      const counted = await tx
        .insert(smsBudgetCounts)
        .values({ destination, window, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [smsBudgetCounts.destination, smsBudgetCounts.window, smsBudgetCounts.windowStart],
          set: { count: sql`${smsBudgetCounts.count} + 1` },
          setWhere: sql`${smsBudgetCounts.count} < ${cap}`,
        })
        .returning({ count: smsBudgetCounts.count });
      if (counted.length === 0) throw refused();
    }
  }
}

/** Whether the account may draw on the reserved share: it paid for a package, or its e-mail is old enough. */
export async function isEstablishedAccount(
  db: Db | Tx,
  user: { id: number; emailVerifiedAt: Date | null },
  rules: SmsBudgetRules,
  now: Date,
): Promise<boolean> {
  const verified = user.emailVerifiedAt;
  if (verified && now.getTime() - verified.getTime() >= rules.establishedDays * DAY_MS) return true;
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, user.id), inArray(payments.status, ['paid', 'approved'])))
    .limit(1);
  return paid !== undefined;
}

/** The daily clean-up: counts of windows that ended more than a day ago are no longer read. */
export async function deleteOldSmsBudgetCounts(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(smsBudgetCounts)
    .where(lt(smsBudgetCounts.windowStart, new Date(now.getTime() - 2 * DAY_MS)))
    .returning({ destination: smsBudgetCounts.destination });
  return rows.length;
}
