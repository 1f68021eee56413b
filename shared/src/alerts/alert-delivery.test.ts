import { describe, expect, it } from 'vitest';
import {
  BATCH_WINDOW_SECONDS,
  nextDelivery,
  nextPeriodStart,
  periodStartAt,
  type DeliveryState,
} from './alert-delivery.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

describe('the period of the message budget', () => {
  it('starts at 08:00 on the user’s wall clock, in any zone', () => {
    expect(iso(periodStartAt(at('2026-03-10T12:00:00Z'), 'UTC', 'daily'))).toBe('2026-03-10T08:00:00.000Z');
    expect(iso(periodStartAt(at('2026-03-10T07:59:59Z'), 'UTC', 'daily'))).toBe('2026-03-09T08:00:00.000Z');
    // 08:00 in Shanghai is 00:00 UTC; 01:00 UTC is already past it.
    expect(iso(periodStartAt(at('2026-03-10T01:00:00Z'), 'Asia/Shanghai', 'daily'))).toBe('2026-03-10T00:00:00.000Z');
    // +5:30: 08:00 in Kolkata is 02:30 UTC.
    expect(iso(periodStartAt(at('2026-03-10T02:00:00Z'), 'Asia/Kolkata', 'daily'))).toBe('2026-03-09T02:30:00.000Z');
    // −10: Honolulu's 08:00 is 18:00 UTC of the same day.
    expect(iso(periodStartAt(at('2026-03-11T03:00:00Z'), 'Pacific/Honolulu', 'daily'))).toBe(
      '2026-03-10T18:00:00.000Z',
    );
  });

  it('keeps 08:00 local across daylight-saving changes (the day is 23 or 25 hours long)', () => {
    // Berlin springs forward on 29 March 2026: 08:00 is 07:00 UTC the day before, 06:00 UTC after.
    const before = periodStartAt(at('2026-03-28T12:00:00Z'), 'Europe/Berlin', 'daily');
    expect(iso(before)).toBe('2026-03-28T07:00:00.000Z');
    const after = nextPeriodStart(before, 'Europe/Berlin', 'daily');
    expect(iso(after)).toBe('2026-03-29T06:00:00.000Z');
    expect(after - before).toBe(23 * 3600);
    // New York falls back on 1 November 2026.
    const fall = periodStartAt(at('2026-10-31T20:00:00Z'), 'America/New_York', 'daily');
    expect(iso(fall)).toBe('2026-10-31T12:00:00.000Z');
    expect(iso(nextPeriodStart(fall, 'America/New_York', 'daily'))).toBe('2026-11-01T13:00:00.000Z');
  });

  it('runs Monday 08:00 to Monday 08:00 for a weekly budget', () => {
    // Wednesday 11 March 2026 → Monday 9 March.
    expect(iso(periodStartAt(at('2026-03-11T12:00:00Z'), 'UTC', 'weekly'))).toBe('2026-03-09T08:00:00.000Z');
    // Monday 07:00 is still the week before.
    expect(iso(periodStartAt(at('2026-03-09T07:00:00Z'), 'UTC', 'weekly'))).toBe('2026-03-02T08:00:00.000Z');
    // Sunday evening in Sydney is already Monday morning there.
    expect(iso(periodStartAt(at('2026-03-08T22:00:00Z'), 'Australia/Sydney', 'weekly'))).toBe(
      '2026-03-08T21:00:00.000Z',
    );
    const monday = at('2026-03-09T08:00:00Z');
    expect(iso(nextPeriodStart(monday, 'UTC', 'weekly'))).toBe('2026-03-16T08:00:00.000Z');
  });
});

describe('when waiting notices go out', () => {
  const now = at('2026-03-10T12:00:00Z');
  const base: DeliveryState = {
    frequency: 3,
    period: 'daily',
    zone: 'UTC',
    sentInPeriod: 0,
    periodStart: null,
    oldestWaiting: now - 10,
  };

  it('gathers a batch window after the oldest waiting notice while the budget lasts', () => {
    expect(nextDelivery(base, now)).toEqual({
      at: now - 10 + BATCH_WINDOW_SECONDS,
      periodStart: at('2026-03-10T08:00:00Z'),
    });
    const third = { ...base, sentInPeriod: 2, periodStart: at('2026-03-10T08:00:00Z') };
    expect(nextDelivery(third, now).at).toBe(now - 10 + BATCH_WINDOW_SECONDS);
  });

  it('holds the rest for the digest at the next period’s start once N messages went out', () => {
    const spent = { ...base, sentInPeriod: 3, periodStart: at('2026-03-10T08:00:00Z') };
    expect(nextDelivery(spent, now)).toEqual({
      at: at('2026-03-11T08:00:00Z'),
      periodStart: at('2026-03-11T08:00:00Z'),
    });
    // Five a day: the fourth still goes at once.
    expect(nextDelivery({ ...spent, frequency: 5 }, now).at).toBe(now - 10 + BATCH_WINDOW_SECONDS);
    // Weekly: the digest waits for Monday.
    const weekly = { ...spent, period: 'weekly' as const, periodStart: at('2026-03-09T08:00:00Z') };
    expect(iso(nextDelivery(weekly, now).at)).toBe('2026-03-16T08:00:00.000Z');
  });

  it('starts a new budget with a new period: yesterday’s count does not hold today back', () => {
    const yesterday = { ...base, sentInPeriod: 3, periodStart: at('2026-03-09T08:00:00Z') };
    expect(nextDelivery(yesterday, now).at).toBe(now - 10 + BATCH_WINDOW_SECONDS);
  });
});
