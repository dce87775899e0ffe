/** Asia/Bangkok has no daylight saving: always UTC+7 (ADR 035). */
export const BANGKOK_OFFSET_MS = 7 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Weekday (0 = Sunday) and minute of the day of an instant on the Bangkok clock. */
export function bangkokClock(at: Date): { weekday: number; minute: number } {
  const local = new Date(at.getTime() + BANGKOK_OFFSET_MS);
  return { weekday: local.getUTCDay(), minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Whether the instant is a whole hour (no minutes, seconds or milliseconds). */
export const isOnTheHour = (at: Date) => at.getTime() % HOUR_MS === 0;

export const HOUR = HOUR_MS;

/** `HH:MM` from minutes since midnight (24:00 for the end of the day). */
export const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
