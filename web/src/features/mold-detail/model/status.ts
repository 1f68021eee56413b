import {
  SLOT_SECONDS,
  TIME_STATE_COLOURS,
  TimeStateStatus,
  nextBucketStart,
  type DataRange,
  type SlotState,
} from '@mouldwatch/shared';
import type { Point } from './points';

/** The five time states in the spec's order (1 run … 5 off) with their record field and colour. */
export const TIME_STATES: ReadonlyArray<{ state: SlotState; key: string; colour: string }> = (
  Object.keys(TimeStateStatus) as SlotState[]
).map((state) => ({ state, key: `c_${state}_time`, colour: TIME_STATE_COLOURS[TimeStateStatus[state]] }));

/** How long the record starting at `t` lasts: a 5-minute slot in real time, else its bucket, up to now. */
function durationOf(t: number, range: DataRange, zone: string, now: number): number {
  const end = range === 'realtime' ? t + SLOT_SECONDS : nextBucketStart(range, t, zone);
  return Math.max(0, Math.min(end, now) - t);
}

/**
 * Each state's share of all the time the records cover: their fractions weighted by how long each
 * record lasts (months and daylight-saving days differ), never an average of percentages.
 */
export function stateShares(
  points: readonly Point[],
  range: DataRange,
  zone: string,
  now: number,
): Record<SlotState, number> {
  const seconds = Object.fromEntries(TIME_STATES.map(({ state }) => [state, 0])) as Record<SlotState, number>;
  let total = 0;
  for (const point of points) {
    const duration = durationOf(point.t, range, zone, now);
    total += duration;
    for (const { state, key } of TIME_STATES) seconds[state] += (point.values[key] ?? 0) * duration;
  }
  for (const { state } of TIME_STATES) seconds[state] = total > 0 ? seconds[state] / total : 0;
  return seconds;
}
