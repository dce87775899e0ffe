import { STATS_PERIODS } from '@baan/contract';

export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The API's default period, used when the address names none (or one it does not offer). */
export const DEFAULT_PERIOD: StatsPeriod = 30;

/** The period in the address (`?days=7`), when it is one of `allowed`, else the default. */
export function pickPeriod(
  raw: string | null,
  allowed: readonly StatsPeriod[] = STATS_PERIODS,
  fallback: StatsPeriod = DEFAULT_PERIOD,
): StatsPeriod {
  const days = Number(raw);
  return allowed.includes(days as StatsPeriod) ? (days as StatsPeriod) : fallback;
}

export { STATS_PERIODS };
