import { describe, expect, it } from 'vitest';
import {
  currentStanding,
  daysLeft,
  isPeriodActive,
  nextPeriod,
  SUBSCRIPTION_DAYS,
} from '../src/services/subscriptions/subscription-period.ts';

const day = 24 * 60 * 60 * 1000;
const t0 = new Date('2026-11-21T08:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * day);

describe('subscription periods', () => {
  it('last 30 days from activation', () => {
    expect(SUBSCRIPTION_DAYS).toBe(30);
    expect(nextPeriod(t0, null)).toEqual({ startsAt: t0, endsAt: at(30) });
  });

  it('extend from the current end date when bought while active', () => {
    expect(nextPeriod(at(10), at(30))).toEqual({ startsAt: at(30), endsAt: at(60) });
  });

  it('start afresh once the previous period has ended', () => {
    expect(nextPeriod(at(45), at(30))).toEqual({ startsAt: at(45), endsAt: at(75) });
    // Ending exactly now counts as ended.
    expect(nextPeriod(at(30), at(30))).toEqual({ startsAt: at(30), endsAt: at(60) });
  });

  it('are active by the dates alone: from the start, until (not including) the end', () => {
    const period = { startsAt: t0, endsAt: at(30) };
    expect(isPeriodActive(period, at(-0.001))).toBe(false);
    expect(isPeriodActive(period, t0)).toBe(true);
    expect(isPeriodActive(period, at(29.999))).toBe(true);
    expect(isPeriodActive(period, at(30))).toBe(false);
  });

  it('count days left rounded up, never below zero', () => {
    expect(daysLeft(at(30), t0)).toBe(30);
    expect(daysLeft(at(30), at(29.9))).toBe(1);
    expect(daysLeft(at(30), at(31))).toBe(0);
    expect(daysLeft(null, t0)).toBe(0);
  });

  it('report the covering period and the end of the unbroken chain after it', () => {
    const a = { id: 1, startsAt: t0, endsAt: at(30) };
    const b = { id: 2, startsAt: at(30), endsAt: at(60) };
    const later = { id: 3, startsAt: at(90), endsAt: at(120) };
    expect(currentStanding([b, a, later], at(5))).toEqual({ current: a, endsAt: at(60) });
    expect(currentStanding([a, b], at(30))).toEqual({ current: b, endsAt: at(60) });
    expect(currentStanding([a, b], at(60))).toBeNull();
    expect(currentStanding([], t0)).toBeNull();
  });
});
