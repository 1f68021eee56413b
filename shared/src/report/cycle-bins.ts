import type { CycleBin } from './cycle-stats.js';

/**
 * Kept days hold their cycles' distribution in logarithmic bins: bin k holds [r^k, r^(k+1)) s with
 * r = 1.01, so a median read from merged bins (the bin's geometric centre) is within ±0.5 % of the
 * exact one, whatever the cycle time.
 */
export const CYCLE_BIN_RATIO = 1.01;

/** The bin a cycle of `seconds` falls in. */
export const cycleBinKey = (seconds: number) => Math.floor(Math.log(seconds) / Math.log(CYCLE_BIN_RATIO));

/** The geometric centre of bin `key`: at most 0.5 % from any cycle in it. */
export const cycleBinCentre = (key: number) => CYCLE_BIN_RATIO ** (key + 0.5);

/** A filled bin and its cycles. */
export interface KeptBin {
  key: number;
  count: number;
}

/**
 * The distribution as `cycleHistogram` draws it — `bars` equal bars from the shortest cycle `min`
 * to the longest `max` — from logarithmic bins: each bin's cycles go to the bar of its centre
 * (clamped to [min, max]), so a bar's edges are right within a bin's width.
 */
export function barsOfBins(bins: readonly KeptBin[], min: number, max: number, bars = 20): CycleBin[] {
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  if (total === 0) return [];
  if (max <= min) return [{ from_s: min, to_s: max, count: total }];
  const width = (max - min) / bars;
  const counts = new Array<number>(bars).fill(0);
  for (const { key, count } of bins) {
    const centre = Math.min(max, Math.max(min, cycleBinCentre(key)));
    counts[Math.min(bars - 1, Math.floor((centre - min) / width))]! += count;
  }
  return counts.map((count, index) => ({ from_s: min + index * width, to_s: min + (index + 1) * width, count }));
}
