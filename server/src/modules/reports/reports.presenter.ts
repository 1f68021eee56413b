import { averageCycle, type OeeFactors, type ProductionFigures, type ReportFigures } from '@mouldwatch/shared';

export type FiguresOut = ReportFigures;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const maybe = (value: number | null, digits: number) => (value === null ? null : round(value, digits));

/** Figures summed with their energy and cycles, before the factors are computed. */
export interface Sums {
  figures: ProductionFigures;
  /** The rejects the ledger holds, before they are capped at the parts. */
  reject_recorded: number;
  rejects_recorded: boolean;
  energy_kwh: number;
  cycle_time_sum: number;
  cycle_time_n: number;
}

export function presentFigures(sums: Sums, factors: OeeFactors, kwhPerGoodPart: number | null): FiguresOut {
  const { figures } = sums;
  return {
    planned_s: round(factors.planned_s, 3),
    run_s: round(figures.run_s, 3),
    idle_s: round(figures.idle_s, 3),
    alarm_s: round(figures.alarm_s, 3),
    stop_s: round(figures.stop_s, 3),
    off_s: round(figures.off_s, 3),
    shots: figures.shots,
    parts: figures.parts,
    reject: figures.reject,
    reject_recorded: sums.reject_recorded,
    rejects_recorded: sums.rejects_recorded,
    good: factors.good,
    ideal_cycle_s: maybe(factors.ideal_cycle_s, 4),
    availability: maybe(factors.availability, 6),
    performance: maybe(factors.performance, 6),
    quality: maybe(factors.quality, 6),
    oee: maybe(factors.oee, 6),
    energy_kwh: round(sums.energy_kwh, 4),
    kwh_per_good_part: maybe(kwhPerGoodPart, 6),
    cycle_avg_s: maybe(averageCycle(sums.cycle_time_sum, sums.cycle_time_n), 3),
    cycles: sums.cycle_time_n,
  };
}
