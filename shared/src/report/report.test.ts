import { describe, expect, it } from 'vitest';
import { addFigures, emptyFigures, mouldFigures, oeeOf, OeeInputError, oeeWaterfall } from './oee.js';
import { cycleHistogram, cycleStats } from './cycle-stats.js';
import { kwhPerGoodPart } from './energy.js';
import { reportBounds, reportPeriod } from './periods.js';

const base = { run_s: 0, idle_s: 0, alarm_s: 0, stop_s: 0, off_s: 0, shots: 0, reject: 0 };

describe('OEE', () => {
  it('computes each factor of a worked example with cavitation 4', () => {
    // 8 h powered: 6 h run, 1 h idle, 0.5 h alarm, 0.5 h stop; 2 h off (not planned).
    // Target 30 s × 600 shots = 18,000 s ideal over 21,600 s run → performance 5/6.
    // 600 shots × 4 cavities = 2,400 parts, 120 rejects → quality 0.95.
    const figures = mouldFigures({
      run_s: 21_600,
      idle_s: 3_600,
      alarm_s: 1_800,
      stop_s: 1_800,
      off_s: 7_200,
      shots: 600,
      cavitation: 4,
      reject: 120,
      target_cycle_s: 30,
    });
    const factors = oeeOf(figures);
    expect(factors.planned_s).toBe(28_800);
    expect(figures.parts).toBe(2_400);
    expect(factors.good).toBe(2_280);
    expect(factors.ideal_cycle_s).toBe(30);
    expect(factors.availability).toBe(0.75);
    expect(factors.performance).toBeCloseTo(5 / 6, 12);
    expect(factors.quality).toBe(0.95);
    expect(factors.oee).toBeCloseTo(0.75 * (5 / 6) * 0.95, 12); // 0.59375
    expect(factors.oee).toBeCloseTo(0.59375, 12);
  });

  it('shows performance above 1 when cycles beat the target (the target is wrong), with no speed loss', () => {
    const figures = mouldFigures({ ...base, run_s: 100, shots: 20, cavitation: 1, target_cycle_s: 10 });
    const factors = oeeOf(figures);
    expect(factors.performance).toBe(2);
    expect(factors.oee).toBe(2);
    expect(oeeWaterfall(figures)).toMatchObject({ speed_loss_s: 0, productive_s: 100 });
  });

  it('with zero shots: performance 0, quality null, OEE 0', () => {
    const factors = oeeOf(mouldFigures({ ...base, run_s: 600, idle_s: 600, cavitation: 2, target_cycle_s: 10 }));
    expect(factors.availability).toBe(0.5);
    expect(factors.performance).toBe(0);
    expect(factors.quality).toBeNull();
    expect(factors.oee).toBe(0);
  });

  it('with zero planned time: every factor null', () => {
    const factors = oeeOf(mouldFigures({ ...base, off_s: 3_600, cavitation: 1, target_cycle_s: 10 }));
    expect(factors).toMatchObject({ planned_s: 0, availability: null, performance: null, quality: null, oee: null });
  });

  it('refuses rejects larger than the parts', () => {
    expect(() =>
      oeeOf(mouldFigures({ ...base, run_s: 60, shots: 2, cavitation: 4, reject: 9, target_cycle_s: 30 })),
    ).toThrow(OeeInputError);
  });

  it('a partial bucket: 15 minutes of run in a 30-minute report', () => {
    const factors = oeeOf(
      mouldFigures({ ...base, run_s: 900, off_s: 900, shots: 30, cavitation: 1, target_cycle_s: 27 }),
    );
    expect(factors.planned_s).toBe(900);
    expect(factors.availability).toBe(1);
    expect(factors.performance).toBeCloseTo(0.9, 12); // 27 × 30 / 900
    expect(factors.oee).toBeCloseTo(0.9, 12);
  });

  it('totals add seconds and counts, never average percentages, and the factors multiply', () => {
    // Mould A: run 3,600 of 3,600 planned, target 10 s, 360 shots (P = 1), cavitation 1, no rejects → OEE 1.
    // Mould B: run 1,800 of 7,200 planned, target 20 s, 45 shots (P = 0.5), cavitation 2, 10 rejects of 90.
    const a = mouldFigures({ ...base, run_s: 3_600, shots: 360, cavitation: 1, target_cycle_s: 10 });
    const b = mouldFigures({
      ...base,
      run_s: 1_800,
      idle_s: 5_400,
      shots: 45,
      cavitation: 2,
      reject: 10,
      target_cycle_s: 20,
    });
    const total = oeeOf(addFigures([a, b]));
    expect(total.planned_s).toBe(10_800);
    expect(total.availability).toBeCloseTo(5_400 / 10_800, 12); // 0.5, not the mean of 1 and 0.25
    expect(total.performance).toBeCloseTo((3_600 + 900) / 5_400, 12);
    expect(total.quality).toBeCloseTo((450 - 10) / 450, 12);
    expect(total.oee).toBeCloseTo(total.availability! * total.performance! * total.quality!, 12);
    expect(total.ideal_cycle_s).toBeCloseTo(4_500 / 405, 12);
  });

  it('a mould without a target cycle time leaves performance to the rated ones', () => {
    const unrated = mouldFigures({ ...base, run_s: 1_000, shots: 10, cavitation: 1, target_cycle_s: null });
    expect(oeeOf(unrated)).toMatchObject({ performance: null, oee: null, ideal_cycle_s: null });
    const rated = mouldFigures({ ...base, run_s: 1_000, shots: 50, cavitation: 1, target_cycle_s: 10 });
    expect(oeeOf(addFigures([unrated, rated])).performance).toBe(0.5);
  });

  it('the waterfall parts add up to the planned time', () => {
    const figures = mouldFigures({
      ...base,
      run_s: 21_600,
      idle_s: 7_200,
      shots: 600,
      cavitation: 4,
      reject: 120,
      target_cycle_s: 30,
    });
    const fall = oeeWaterfall(figures);
    expect(fall.availability_loss_s).toBe(7_200);
    expect(fall.speed_loss_s).toBeCloseTo(3_600, 9);
    expect(fall.quality_loss_s).toBeCloseTo(900, 9); // 5 % of 18,000
    expect(fall.productive_s).toBeCloseTo(17_100, 9);
    expect(fall.availability_loss_s + fall.speed_loss_s + fall.quality_loss_s + fall.productive_s).toBeCloseTo(
      28_800,
      9,
    );
    expect(fall.productive_s / fall.planned_s).toBeCloseTo(oeeOf(figures).oee!, 12);
    expect(oeeWaterfall(emptyFigures()).planned_s).toBe(0);
  });
});

describe('cycle-time statistics', () => {
  it('average, median, extremes, last 100 and bands against the target', () => {
    // Target 10 s: 10 and 10.2 within 2 %, 10.5 and 9.6 within 5 %, 12 outside.
    const stats = cycleStats([10, 10.2, 10.5, 9.6, 12], 10);
    expect(stats.count).toBe(5);
    expect(stats.avg_s).toBeCloseTo(52.3 / 5, 12);
    expect(stats.median_s).toBe(10.2);
    expect(stats.min_s).toBe(9.6);
    expect(stats.max_s).toBe(12);
    expect(stats.within2).toBeCloseTo(0.4, 12);
    expect(stats.within5).toBeCloseTo(0.4, 12);
    expect(stats.outside5).toBeCloseTo(0.2, 12);
  });

  it('the last-100 average takes the newest 100 cycles; an even count has the middle pair as median', () => {
    const cycles = [...new Array<number>(50).fill(20), ...new Array<number>(100).fill(10)];
    const stats = cycleStats(cycles, null);
    expect(stats.last100_avg_s).toBe(10);
    expect(stats.avg_s).toBeCloseTo(2_000 / 150, 12);
    expect(stats.median_s).toBe(10);
    expect(stats.within2).toBeNull();
    expect(cycleStats([1, 3], 2).median_s).toBe(2);
  });

  it('no cycles: nulls', () => {
    expect(cycleStats([], 10)).toMatchObject({ count: 0, avg_s: null, median_s: null, within2: null });
  });

  it('the histogram puts every cycle in a bar, the longest in the last', () => {
    const bins = cycleHistogram([10, 11, 12, 13, 14], 4);
    expect(bins.map((bin) => bin.count)).toEqual([1, 1, 1, 2]);
    expect(bins[0]).toMatchObject({ from_s: 10, to_s: 11 });
    expect(cycleHistogram([5, 5])).toEqual([{ from_s: 5, to_s: 5, count: 2 }]);
  });
});

describe('energy', () => {
  it('kW·h per good part', () => {
    expect(kwhPerGoodPart(12, 2_400)).toBe(0.005);
    expect(kwhPerGoodPart(12, 0)).toBeNull();
  });
});

describe('report buckets', () => {
  it('days in +5:30 start at local midnight; the first and last are clipped to the report', () => {
    // 2026-03-10 00:00 +05:30 = 2026-03-09T18:30Z = 1773081000.
    const midnight = Date.UTC(2026, 2, 9, 18, 30) / 1000;
    const bounds = reportBounds('day', midnight + 6 * 3600, midnight + 2 * 86_400 + 3600, 'Asia/Kolkata');
    expect(bounds).toEqual([
      midnight + 6 * 3600,
      midnight + 86_400,
      midnight + 2 * 86_400,
      midnight + 2 * 86_400 + 3600,
    ]);
  });

  it('the day the clocks go forward has 23 hours, the day they go back 25', () => {
    const spring = Date.UTC(2026, 2, 29, 0) / 1000 - 3600; // 2026-03-29 00:00 Europe/Berlin (+1)
    const bounds = reportBounds('day', spring, spring + 3 * 86_400, 'Europe/Berlin') as number[];
    expect(bounds[1]! - bounds[0]!).toBe(23 * 3600);
    const autumn = Date.UTC(2026, 9, 25, 0) / 1000 - 7200; // 2026-10-25 00:00 Europe/Berlin (+2)
    const back = reportBounds('day', autumn, autumn + 2 * 86_400, 'Europe/Berlin') as number[];
    expect(back[1]! - back[0]!).toBe(25 * 3600);
  });

  it('refuses an empty window and too many buckets', () => {
    expect(reportBounds('hour', 100, 100, 'UTC')).toEqual({ problem: 'endNotAfterStart' });
    expect(reportBounds('hour', 0, 801 * 3600, 'UTC')).toEqual({ problem: 'tooManyBuckets', max: 800 });
    expect(Array.isArray(reportBounds('day', 0, 366 * 86_400, 'UTC'))).toBe(true);
  });

  it('period presets in the zone', () => {
    // Wednesday 2026-11-25 10:00 +05:30.
    const now = Date.UTC(2026, 10, 25, 4, 30) / 1000;
    const midnight = now - 10 * 3600;
    expect(reportPeriod('today', now, 'Asia/Kolkata')).toEqual({ start: midnight, end: now });
    expect(reportPeriod('yesterday', now, 'Asia/Kolkata')).toEqual({ start: midnight - 86_400, end: midnight });
    expect(reportPeriod('last7Days', now, 'Asia/Kolkata')).toEqual({ start: midnight - 6 * 86_400, end: now });
    expect(reportPeriod('thisWeek', now, 'Asia/Kolkata')).toEqual({ start: midnight - 2 * 86_400, end: now });
    expect(reportPeriod('lastWeek', now, 'Asia/Kolkata')).toEqual({
      start: midnight - 9 * 86_400,
      end: midnight - 2 * 86_400,
    });
    expect(reportPeriod('thisMonth', now, 'Asia/Kolkata').start).toBe(midnight - 24 * 86_400);
  });
});
