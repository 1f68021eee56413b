import { CYCLE_GOOD_TOLERANCE, CYCLE_WARN_TOLERANCE } from '../mold/cycle-band.js';

/** The cycles the last-cycles average covers (spec §9). */
export const LAST_CYCLES = 100;

/** Cycle-time statistics of a set of cycles (s), against a target. */
export interface CycleStats {
  count: number;
  avg_s: number | null;
  median_s: number | null;
  min_s: number | null;
  max_s: number | null;
  /** The average of the last 100 cycles (the newest ones). */
  last100_avg_s: number | null;
  /** Shares 0..1 of the cycles within 2 % of the target, 2–5 %, outside 5 % (spec §4); null without a target or cycles. */
  within2: number | null;
  within5: number | null;
  outside5: number | null;
}

/** Slack on the band limits so that exactly 2 % or 5 % in decimal stays in the better band (as `cycleBand`). */
const LIMIT_SLACK = 1e-9;

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The statistics of cycles given oldest first; cycles that are not positive numbers are left out. */
export function cycleStats(cyclesOldestFirst: readonly number[], target: number | null): CycleStats {
  const cycles = cyclesOldestFirst.filter((value) => Number.isFinite(value) && value > 0);
  const sorted = [...cycles].sort((a, b) => a - b);
  const count = sorted.length;
  const middle = Math.floor(count / 2);
  const median = count === 0 ? null : count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  let within2: number | null = null;
  let within5: number | null = null;
  let outside5: number | null = null;
  if (target !== null && target > 0 && count > 0) {
    let good = 0;
    let warn = 0;
    for (const cycle of cycles) {
      const deviation = Math.abs(cycle - target) / target;
      if (deviation <= CYCLE_GOOD_TOLERANCE + LIMIT_SLACK) good += 1;
      else if (deviation <= CYCLE_WARN_TOLERANCE + LIMIT_SLACK) warn += 1;
    }
    within2 = good / count;
    within5 = warn / count;
    outside5 = (count - good - warn) / count;
  }
  return {
    count,
    avg_s: mean(cycles),
    median_s: median,
    min_s: count === 0 ? null : sorted[0]!,
    max_s: count === 0 ? null : sorted[count - 1]!,
    last100_avg_s: mean(cycles.slice(-LAST_CYCLES)),
    within2,
    within5,
    outside5,
  };
}

/** One bar of the cycle-time distribution: cycles in [from_s, to_s). */
export interface CycleBin {
  from_s: number;
  to_s: number;
  count: number;
}

/**
 * The distribution of cycles in `bins` equal bars from the shortest to the longest cycle (the last
 * bar holds the longest). Empty without cycles; one bar when every cycle is the same.
 */
export function cycleHistogram(cycles: readonly number[], bins = 20): CycleBin[] {
  const values = cycles.filter((value) => Number.isFinite(value) && value > 0);
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (max === min) return [{ from_s: min, to_s: max, count: values.length }];
  const width = (max - min) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const value of values) counts[Math.min(bins - 1, Math.floor((value - min) / width))]! += 1;
  return counts.map((count, index) => ({ from_s: min + index * width, to_s: min + (index + 1) * width, count }));
}

/** The average cycle from a roll-up's sum and count; null without cycles. */
export const averageCycle = (sum: number, n: number) => (n > 0 ? sum / n : null);
