/** Asia/Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** The Asia/Bangkok date of an instant, as YYYY-MM-DD (the statistics' day). */
export function bangkokDay(now: Date): string {
  return new Date(now.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** Which half hour of its Bangkok day an instant falls in (0 to 47). */
export function bangkokHalfHour(now: Date): number {
  const local = new Date(now.getTime() + BANGKOK_OFFSET_MS);
  return local.getUTCHours() * 2 + (local.getUTCMinutes() >= 30 ? 1 : 0);
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every date from `first` to `last` inclusive, oldest first. */
export function dayRange(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(day);
  return out;
}

/** The Monday (Bangkok) of the week an instant falls in, as YYYY-MM-DD. */
export function bangkokMonday(now: Date): string {
  const day = bangkokDay(now);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}
