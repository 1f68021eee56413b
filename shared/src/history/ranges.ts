import { instantOfWallClock, utcOffsetAt, wallClockAt } from '../time/zoned.js';

/** The history tab's ranges: one point per hour, day, week (from Monday) or month. */
export const HISTORY_RANGES = ['hour', 'day', 'week', 'month'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
/** `realtime` reads the raw readings of a short window. */
export const DATA_RANGES = ['realtime', ...HISTORY_RANGES] as const;
export type DataRange = (typeof DATA_RANGES)[number];

const DAY = 86_400;
/** How far back each range reads (spec §9): a month by hour, 3 months by day, 52 weeks, 12 months. */
export const RANGE_WINDOW_SECONDS: Readonly<Record<HistoryRange, number>> = {
  hour: 31 * DAY,
  day: 92 * DAY,
  week: 52 * 7 * DAY,
  month: 366 * DAY,
};
/** The longest window of raw readings one call returns. */
export const REALTIME_WINDOW_SECONDS = DAY;
/** The longest window of 5-minute time-state slots one call returns. */
export const STATUS_SLOTS_WINDOW_SECONDS = 31 * DAY;
/** The last instant a window may name, the end of the year 9999: dates, zones and the database reach it. */
export const LATEST_EPOCH_SECONDS = 253_402_300_799;

/** The start of the bucket holding an instant, in a zone (epoch seconds). */
export function bucketStartOf(range: HistoryRange, epochSeconds: number, zone: string): number {
  if (range === 'hour') {
    // Hours follow the zone's offset, so +5:30 buckets start at half past the UTC hour.
    const local = epochSeconds + utcOffsetAt(epochSeconds, zone);
    return epochSeconds - (((local % 3600) + 3600) % 3600);
  }
  const wall = wallClockAt(epochSeconds, zone);
  if (range === 'day') return instantOfWallClock(zone, wall.year, wall.month, wall.day);
  if (range === 'week') return instantOfWallClock(zone, wall.year, wall.month, wall.day - ((wall.weekday + 6) % 7));
  return instantOfWallClock(zone, wall.year, wall.month, 1);
}

/** The start of the bucket after the one starting at `bucketStart`. */
export function nextBucketStart(range: HistoryRange, bucketStart: number, zone: string): number {
  if (range === 'hour') return bucketStart + 3600;
  if (range === 'day') {
    // Most days are 24 hours: the same offset a day later is the next midnight (two look-ups, not five).
    const offset = utcOffsetAt(bucketStart, zone);
    if (utcOffsetAt(bucketStart + DAY, zone) === offset && (bucketStart + offset) % DAY === 0) return bucketStart + DAY;
  }
  const wall = wallClockAt(bucketStart, zone);
  if (range === 'day') return instantOfWallClock(zone, wall.year, wall.month, wall.day + 1);
  if (range === 'week') return instantOfWallClock(zone, wall.year, wall.month, wall.day + 7);
  return instantOfWallClock(zone, wall.year, wall.month + 1, 1);
}

/**
 * The bounds of the buckets covering [start, end): each bucket's start, then the end of the last
 * one. The first bucket is the one holding `start`; a bucket is [bounds[i], bounds[i + 1]).
 */
export function bucketBounds(range: HistoryRange, start: number, end: number, zone: string): number[] {
  const bounds = [bucketStartOf(range, start, zone)];
  let last = bounds[0]!;
  while (last < end) {
    last = nextBucketStart(range, last, zone);
    bounds.push(last);
  }
  return bounds;
}

/** A window as the caller gave it (epoch seconds); a history range may leave either end out. */
export interface GivenWindow {
  start?: number;
  end?: number;
}

/** Why a window cannot be read; `days` is the longest window of the range. */
export type WindowProblem =
  { problem: 'bothEndsRequired' } | { problem: 'endNotAfterStart' } | { problem: 'tooLong'; days: number };

/**
 * The one rule for the window of every history and time-series read (spec §9): real time needs
 * both ends and spans at most `realtimeLongest`; a history range without an end ends now, without
 * a start begins its whole window before the end, and spans at most its window. A longer window is
 * refused, not shortened: `start=0` meant more than any answer could hold.
 */
export function resolveWindow(
  range: DataRange,
  given: GivenWindow,
  nowSeconds: number,
  realtimeLongest: number,
): { start: number; end: number } | WindowProblem {
  if (range === 'realtime' && (given.start === undefined || given.end === undefined)) {
    return { problem: 'bothEndsRequired' };
  }
  const longest = range === 'realtime' ? realtimeLongest : RANGE_WINDOW_SECONDS[range];
  const end = given.end ?? Math.min(nowSeconds, LATEST_EPOCH_SECONDS);
  const start = given.start ?? Math.max(0, end - longest);
  if (end <= start) return { problem: 'endNotAfterStart' };
  if (end - start > longest) return { problem: 'tooLong', days: longest / DAY };
  return { start, end };
}
