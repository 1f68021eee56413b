import { bucketBounds, type HistoryRange } from '../history/ranges.js';
import { instantOfWallClock, wallClockAt } from '../time/zoned.js';

/** The report's bucket sizes: the history ranges (hour, day, week from Monday, month). */
export type ReportRange = HistoryRange;
/** The most buckets one report answers (a year by day, a month by hour). */
export const REPORT_MAX_BUCKETS = 800;
/** The most moulds one report covers. */
export const REPORT_MAX_MOULDS = 1000;
/** The most mould × bucket cells one report computes. */
export const REPORT_MAX_CELLS = 200_000;

export type ReportBoundsProblem = { problem: 'endNotAfterStart' } | { problem: 'tooManyBuckets'; max: number };

/**
 * The bucket bounds of a report of [start, end) in a zone: each bucket is one hour, day, week or
 * month of the zone's calendar, clipped to the report's start and end, so the first and last can
 * be partial and a day of 23 or 25 hours keeps its true length. bounds[i]..bounds[i + 1] is bucket i.
 */
export function reportBounds(
  range: ReportRange,
  start: number,
  end: number,
  zone: string,
): number[] | ReportBoundsProblem {
  if (end <= start) return { problem: 'endNotAfterStart' };
  const natural = bucketBounds(range, start, end, zone);
  if (natural.length - 1 > REPORT_MAX_BUCKETS) return { problem: 'tooManyBuckets', max: REPORT_MAX_BUCKETS };
  const inside = natural.filter((bound) => bound > start && bound < end);
  return [start, ...inside, end];
}

/** The period presets of the report screen. */
export const REPORT_PERIODS = ['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek', 'thisMonth'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A preset period in a zone at `now` (epoch seconds): [start, end), the current ones ending now. */
export function reportPeriod(period: ReportPeriod, now: number, zone: string): { start: number; end: number } {
  const wall = wallClockAt(now, zone);
  const day = (offset: number) => instantOfWallClock(zone, wall.year, wall.month, wall.day + offset);
  const monday = -((wall.weekday + 6) % 7);
  switch (period) {
    case 'today':
      return { start: day(0), end: now };
    case 'yesterday':
      return { start: day(-1), end: day(0) };
    case 'last7Days':
      // Today and the six days before it, whole days of the zone.
      return { start: day(-6), end: now };
    case 'thisWeek':
      return { start: day(monday), end: now };
    case 'lastWeek':
      return { start: day(monday - 7), end: day(monday) };
    case 'thisMonth':
      return { start: instantOfWallClock(zone, wall.year, wall.month, 1), end: now };
  }
}
