import { describe, expect, it } from 'vitest';
import { instantOfWallClock, utcOffsetAt, wallClockAt } from '../time/zoned.js';
import {
  bucketBounds,
  bucketStartOf,
  LATEST_EPOCH_SECONDS,
  nextBucketStart,
  RANGE_WINDOW_SECONDS,
  resolveWindow,
} from './ranges.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('zoned wall clock', () => {
  it('reads offsets, including half hours and daylight saving', () => {
    expect(utcOffsetAt(at('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe(19_800);
    expect(utcOffsetAt(at('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(3600);
    expect(utcOffsetAt(at('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(7200);
    expect(utcOffsetAt(at('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('finds the instant of a wall-clock time', () => {
    expect(iso(instantOfWallClock('Asia/Kolkata', 2026, 3, 1))).toBe('2026-02-28T18:30:00.000Z');
    expect(iso(instantOfWallClock('America/New_York', 2026, 12, 31, 23))).toBe('2027-01-01T04:00:00.000Z');
    // Month and day overflow roll over as calendars do.
    expect(iso(instantOfWallClock('UTC', 2026, 13, 1))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('maps a repeated time to its first occurrence and a skipped one forward by the jump', () => {
    // Berlin: 2026-10-25 03:00 CEST → 02:00 CET; 2026-03-29 02:00 CET → 03:00 CEST.
    expect(iso(instantOfWallClock('Europe/Berlin', 2026, 10, 25, 2, 30))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(instantOfWallClock('Europe/Berlin', 2026, 3, 29, 2, 30))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('gives the weekday of the local date', () => {
    // 2026-11-22 is a Sunday; at 20:00 UTC it is already Monday in Tokyo.
    expect(wallClockAt(at('2026-11-22T20:00:00Z'), 'UTC').weekday).toBe(0);
    expect(wallClockAt(at('2026-11-22T20:00:00Z'), 'Asia/Tokyo').weekday).toBe(1);
  });
});

describe('history buckets', () => {
  it('starts hours on the local hour, half past the UTC hour at +5:30', () => {
    expect(iso(bucketStartOf('hour', at('2026-06-01T10:10:00Z'), 'Asia/Kolkata'))).toBe('2026-06-01T09:30:00.000Z');
    expect(iso(bucketStartOf('hour', at('2026-06-01T10:40:00Z'), 'Asia/Kolkata'))).toBe('2026-06-01T10:30:00.000Z');
    expect(iso(bucketStartOf('hour', at('2026-06-01T10:40:00Z'), 'UTC'))).toBe('2026-06-01T10:00:00.000Z');
  });

  it('starts days at local midnight', () => {
    expect(iso(bucketStartOf('day', at('2026-06-01T20:00:00Z'), 'Asia/Kolkata'))).toBe('2026-06-01T18:30:00.000Z');
    expect(iso(bucketStartOf('day', at('2026-06-01T17:00:00Z'), 'Asia/Kolkata'))).toBe('2026-05-31T18:30:00.000Z');
    expect(iso(bucketStartOf('day', at('2026-06-01T03:00:00Z'), 'America/New_York'))).toBe('2026-05-31T04:00:00.000Z');
  });

  it('starts weeks on Monday and months on the first', () => {
    // Sunday 2026-11-22 belongs to the week of Monday 2026-11-16.
    expect(iso(bucketStartOf('week', at('2026-11-22T12:00:00Z'), 'UTC'))).toBe('2026-11-16T00:00:00.000Z');
    expect(iso(bucketStartOf('week', at('2026-11-23T00:00:00Z'), 'UTC'))).toBe('2026-11-23T00:00:00.000Z');
    expect(iso(bucketStartOf('month', at('2026-11-22T12:00:00Z'), 'Asia/Kolkata'))).toBe('2026-10-31T18:30:00.000Z');
    expect(iso(nextBucketStart('month', at('2026-12-01T00:00:00Z'), 'UTC'))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('gives a 23-hour and a 25-hour day across daylight-saving changes', () => {
    const spring = bucketStartOf('day', at('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(iso(spring)).toBe('2026-03-28T23:00:00.000Z');
    expect(nextBucketStart('day', spring, 'Europe/Berlin') - spring).toBe(23 * 3600);
    const autumn = bucketStartOf('day', at('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(nextBucketStart('day', autumn, 'Europe/Berlin') - autumn).toBe(25 * 3600);
    // Hourly buckets go on every 3600 s through the change: 23 of them that day.
    expect(bucketBounds('hour', spring, nextBucketStart('day', spring, 'Europe/Berlin'), 'Europe/Berlin')).toHaveLength(
      24,
    );
  });

  it('starts a day whose midnight is skipped at the end of the jump', () => {
    // Chile moves from -4 to -3 at local midnight on 2026-09-06: the day starts at 01:00.
    const start = bucketStartOf('day', at('2026-09-06T12:00:00Z'), 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(wallClockAt(start, 'America/Santiago')).toMatchObject({ day: 6, hour: 1 });
  });

  it('bounds cover the window from the bucket holding its start', () => {
    const bounds = bucketBounds('day', at('2026-06-01T12:00:00Z'), at('2026-06-03T12:00:00Z'), 'UTC');
    expect(bounds.map(iso)).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-06-02T00:00:00.000Z',
      '2026-06-03T00:00:00.000Z',
      '2026-06-04T00:00:00.000Z',
    ]);
    const window = resolveWindow('month', {}, at('2026-11-22T12:00:00Z'), 86_400);
    if ('problem' in window) throw new Error(window.problem);
    const months = bucketBounds('month', window.start, window.end, 'UTC');
    expect(months).toHaveLength(14);
    expect(iso(months[0]!)).toBe('2025-11-01T00:00:00.000Z');
  });

  it('reads the spec windows: a month by hour, 3 months by day, 52 weeks, 12 months', () => {
    expect(RANGE_WINDOW_SECONDS.hour / 86_400).toBe(31);
    expect(RANGE_WINDOW_SECONDS.day / 86_400).toBe(92);
    expect(RANGE_WINDOW_SECONDS.week / (7 * 86_400)).toBe(52);
    expect(RANGE_WINDOW_SECONDS.month / 86_400).toBe(366);
  });
});

describe('resolveWindow: every read is bounded, whatever the caller leaves out', () => {
  const now = at('2026-11-22T12:00:00Z');
  const DAY = 86_400;
  const resolve = (range: Parameters<typeof resolveWindow>[0], given: { start?: number; end?: number }) =>
    resolveWindow(range, given, now, DAY);

  it("fills a history range's missing ends with now and its whole window", () => {
    expect(resolve('hour', {})).toEqual({ start: now - 31 * DAY, end: now });
    expect(resolve('week', { end: now - DAY })).toEqual({ start: now - DAY - 52 * 7 * DAY, end: now - DAY });
    expect(resolve('day', { start: now - 10 * DAY })).toEqual({ start: now - 10 * DAY, end: now });
  });

  it('refuses a start without an end that reaches further back than the window (start=0)', () => {
    expect(resolve('hour', { start: 0 })).toEqual({ problem: 'tooLong', days: 31 });
    expect(resolve('month', { start: now - 367 * DAY })).toEqual({ problem: 'tooLong', days: 366 });
  });

  it('refuses an end not after the start, a start in the future without an end, and a long real time', () => {
    expect(resolve('day', { start: now, end: now - 1 })).toEqual({ problem: 'endNotAfterStart' });
    expect(resolve('day', { start: now + DAY })).toEqual({ problem: 'endNotAfterStart' });
    expect(resolve('realtime', { start: now - DAY - 1, end: now })).toEqual({ problem: 'tooLong', days: 1 });
    expect(resolve('realtime', { end: now })).toEqual({ problem: 'bothEndsRequired' });
  });

  it('keeps every range within its window, even at the ends of time', () => {
    for (const range of ['hour', 'day', 'week', 'month'] as const) {
      for (const given of [{}, { end: 1 }, { end: LATEST_EPOCH_SECONDS }, { start: 0, end: 1 }]) {
        const window = resolve(range, given);
        if ('problem' in window) throw new Error(`${range} ${JSON.stringify(given)}: ${window.problem}`);
        expect(window.start).toBeGreaterThanOrEqual(0);
        expect(window.end - window.start).toBeLessThanOrEqual(RANGE_WINDOW_SECONDS[range]);
        expect(bucketBounds(range, window.start, window.end, 'Pacific/Kiritimati').length).toBeLessThan(800);
      }
    }
  });
});
