import { distanceM } from './geometry.js';
import type { LatLng } from './gcj02.js';

export const LOCATION_SOURCES = ['gps', 'wifi', 'manual'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

export interface LocationFix extends LatLng {
  source: LocationSource;
  /** Metres; GPS fixes without one count as GPS_ACCURACY_M. */
  accuracy_m: number | null;
}

/** What a GPS fix is taken to be good to when the device does not say. */
export const GPS_ACCURACY_M = 10;
/** A move shorter than this is never a new history point, however accurate both fixes are. */
export const MIN_HISTORY_MOVE_M = 25;

const accuracyOf = (fix: LocationFix) => fix.accuracy_m ?? (fix.source === 'gps' ? GPS_ACCURACY_M : 0);

/** How far the position must move to count: the two fixes' uncertainty together, at least the minimum. */
export function historyThresholdM(previous: LocationFix, next: LocationFix): number {
  return Math.max(MIN_HISTORY_MOVE_M, accuracyOf(previous) + accuracyOf(next));
}

/**
 * History thinning: a fix becomes a history point when there is none yet, the source changed, or it
 * moved further than the fixes' uncertainty could explain; noise around a standing mould adds nothing.
 */
export function isHistoryPoint(previous: LocationFix | null | undefined, next: LocationFix): boolean {
  if (!previous) return true;
  if (previous.source !== next.source) return true;
  return distanceM(previous, next) > historyThresholdM(previous, next);
}
