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

/** The window a range reads when the caller names none: the range's full window, ending now. */
export function defaultWindow(range: HistoryRange, nowSeconds: number): { start: number; end: number } {
  return { start: nowSeconds - RANGE_WINDOW_SECONDS[range], end: nowSeconds };
}
