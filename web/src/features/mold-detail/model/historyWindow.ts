import { RANGE_WINDOW_SECONDS, bucketStartOf, instantOfWallClock, type HistoryRange } from '@mouldwatch/shared';

/** A date as the picker shows it; `month` from 1. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** What a history read covers: from the bucket holding the chosen date up to the moment it was chosen. */
export interface HistoryWindow {
  range: HistoryRange;
  start: number;
  end: number;
}

/** The start of the bucket (hour, day, Monday, first of the month) the date falls in, in the user's zone. */
function bucketStartOfDate(range: HistoryRange, date: CalendarDate, zone: string): number {
  return bucketStartOf(range, instantOfWallClock(zone, date.year, date.month, date.day), zone);
}

/** A date may be chosen when its bucket starts within the range's window (spec §9) and not in the future. */
export function isSelectableDate(range: HistoryRange, date: CalendarDate, zone: string, now: number): boolean {
  const start = bucketStartOfDate(range, date, zone);
  return start >= now - RANGE_WINDOW_SECONDS[range] && start <= now;
}

/** The window read for a chosen date, or undefined for a date outside the range's window. */
export function historyWindow(
  range: HistoryRange,
  date: CalendarDate,
  zone: string,
  now: number,
): HistoryWindow | undefined {
  if (!isSelectableDate(range, date, zone, now)) return undefined;
  return { range, start: bucketStartOfDate(range, date, zone), end: now };
}

/** The History tab's presets: a window ending now, in buckets that show it point by point. */
export const HISTORY_PRESETS = {
  last24h: { range: 'hour', seconds: 86_400 },
  last7d: { range: 'hour', seconds: 7 * 86_400 },
  last30d: { range: 'day', seconds: 30 * 86_400 },
} as const satisfies Record<string, { range: HistoryRange; seconds: number }>;
export type HistoryPreset = keyof typeof HISTORY_PRESETS;

/** The window of a preset: from the bucket holding `now` minus its length, up to `now`. */
export function presetWindow(preset: HistoryPreset, zone: string, now: number): HistoryWindow {
  const { range, seconds } = HISTORY_PRESETS[preset];
  return { range, start: bucketStartOf(range, now - seconds, zone), end: now };
}
