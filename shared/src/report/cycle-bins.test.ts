import { describe, expect, it } from 'vitest';
import { barsOfBins, cycleBinCentre, cycleBinKey, type KeptBin } from './cycle-bins.js';
import { cycleHistogram } from './cycle-stats.js';

const binsOf = (cycles: number[]): KeptBin[] => {
  const counts = new Map<number, number>();
  for (const cycle of cycles) counts.set(cycleBinKey(cycle), (counts.get(cycleBinKey(cycle)) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count }));
};

describe('logarithmic cycle bins', () => {
  it('puts every cycle in a bin whose centre is within 0.5 % of it', () => {
    for (const cycle of [0.05, 0.9, 1, 12.34, 30, 30.2, 59.99, 600, 3600]) {
      const centre = cycleBinCentre(cycleBinKey(cycle));
      expect(Math.abs(centre - cycle) / cycle).toBeLessThanOrEqual(0.005);
    }
  });

  it('gives consecutive keys to cycles 1 % apart', () => {
    expect(cycleBinKey(30 * 1.01) - cycleBinKey(30)).toBe(1);
  });
});

describe('barsOfBins', () => {
  it('draws the same bars as the raw cycles, within a bin of each edge', () => {
    const cycles = Array.from({ length: 400 }, (_, index) => 28 + (index % 40) * 0.1 + (index % 7) * 0.013);
    const raw = cycleHistogram(cycles, 10);
    const kept = barsOfBins(binsOf(cycles), Math.min(...cycles), Math.max(...cycles), 10);
    expect(kept.map((bar) => bar.from_s)).toEqual(raw.map((bar) => bar.from_s));
    expect(kept.reduce((sum, bar) => sum + bar.count, 0)).toBe(400);
    // Below each edge, the bars differ only by cycles within a bin's width (1 %) of that edge.
    let keptBelow = 0;
    let rawBelow = 0;
    kept.forEach((bar, index) => {
      keptBelow += bar.count;
      rawBelow += raw[index]!.count;
      const edge = bar.to_s;
      const near = cycles.filter((cycle) => Math.abs(cycle - edge) <= edge * 0.01).length;
      expect(Math.abs(keptBelow - rawBelow)).toBeLessThanOrEqual(near);
    });
  });

  it('is one bar when every cycle is the same, and empty without cycles', () => {
    expect(barsOfBins(binsOf([30, 30, 30]), 30, 30)).toEqual([{ from_s: 30, to_s: 30, count: 3 }]);
    expect(barsOfBins([], 0, 0)).toEqual([]);
  });
});
