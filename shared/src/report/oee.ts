/**
 * OEE (DESIGN §8, issue 14): availability × performance × quality from summed seconds and counts.
 * Totals over moulds or buckets add the figures first (`addFigures`) and compute the factors once:
 * percentages are never averaged.
 */

import type { StateSeconds } from './figures.js';

/** What a mould (or a sum of moulds and buckets) did in a period: seconds per state and counts. */
export interface ProductionFigures extends StateSeconds {
  shots: number;
  /** shots × cavitation, summed per mould. */
  parts: number;
  reject: number;
  /** Σ target cycle time × shots over the moulds that have a target cycle time. */
  ideal_s: number;
  /** The run time of the moulds that have a target cycle time: performance's denominator. */
  rated_run_s: number;
  /** The shots of the moulds that have a target cycle time. */
  rated_shots: number;
}

export interface OeeFactors {
  planned_s: number;
  good: number;
  /** The ideal cycle time the figures amount to (ideal_s / shots of the rated moulds); null without a target. */
  ideal_cycle_s: number | null;
  /** Fractions 0..1; null where their denominator is 0 (no planned time, no run time, no parts). */
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
}

export class OeeInputError extends Error {}

export const emptyFigures = (): ProductionFigures => ({
  run_s: 0,
  idle_s: 0,
  alarm_s: 0,
  stop_s: 0,
  off_s: 0,
  shots: 0,
  parts: 0,
  reject: 0,
  ideal_s: 0,
  rated_run_s: 0,
  rated_shots: 0,
});

/** One mould's figures from its state seconds, shots, cavitation, rejects and target cycle time. */
export function mouldFigures(
  input: StateSeconds & {
    shots: number;
    cavitation: number | null;
    reject: number;
    /** The mould's target cycle time (s); null or 0 when not set. */
    target_cycle_s: number | null;
  },
): ProductionFigures {
  const { cavitation, target_cycle_s: target, ...rest } = input;
  const rated = target !== null && target > 0;
  return {
    ...rest,
    // A mould without a cavitation setting makes one part per shot.
    parts: input.shots * (cavitation && cavitation > 0 ? cavitation : 1),
    ideal_s: rated ? target * input.shots : 0,
    rated_run_s: rated ? input.run_s : 0,
    rated_shots: rated ? input.shots : 0,
  };
}

/** The figures of several moulds or buckets together: every member summed. */
export function addFigures(all: readonly ProductionFigures[]): ProductionFigures {
  const sum = emptyFigures();
  for (const figures of all) {
    for (const key of Object.keys(sum) as Array<keyof ProductionFigures>) sum[key] += figures[key];
  }
  return sum;
}

const ratio = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : null);

/**
 * The factors of figures. planned = run + idle + alarm + stop (off is not planned time);
 * availability = run / planned; performance = ideal / run of the rated moulds — above 1 when the moulds
 * cycle faster than their target, which means the target is wrong: shown as it is, not capped (DESIGN §12);
 * quality = (parts − rejects) / parts; OEE = their product. A factor whose denominator is 0 is null;
 * the OEE is null without planned time, and 0 when planned time produced no good part (the factors
 * that exist then do not all multiply to it, since one is null). Rejects above the parts are bad
 * input: an OeeInputError.
 */
export function oeeOf(figures: ProductionFigures): OeeFactors {
  if (figures.reject < 0 || figures.reject > figures.parts) {
    throw new OeeInputError(`rejects (${figures.reject}) must lie between 0 and the parts (${figures.parts})`);
  }
  const planned_s = figures.run_s + figures.idle_s + figures.alarm_s + figures.stop_s;
  const good = figures.parts - figures.reject;
  const availability = ratio(figures.run_s, planned_s);
  const performance = ratio(figures.ideal_s, figures.rated_run_s);
  const quality = ratio(good, figures.parts);
  let oee: number | null = null;
  if (planned_s > 0) {
    oee = availability !== null && performance !== null && quality !== null ? availability * performance * quality : 0;
    // Planned time with good parts but no target cycle time: performance cannot be judged.
    if (good > 0 && performance === null) oee = null;
  }
  return {
    planned_s,
    good,
    ideal_cycle_s: ratio(figures.ideal_s, figures.rated_shots),
    availability,
    performance,
    quality,
    oee,
  };
}

/** The loss waterfall: planned time → availability loss → speed loss → quality loss → fully productive time (s). */
export interface OeeWaterfall {
  planned_s: number;
  availability_loss_s: number;
  speed_loss_s: number;
  quality_loss_s: number;
  productive_s: number;
}

/**
 * Planned time split into its losses; the four parts add up to the planned time. Speed loss is the
 * run time not covered by ideal cycles (of the rated moulds; unrated run time counts as productive
 * speed; none when they beat their target), quality loss the ideal time of the rejected parts' share.
 */
export function oeeWaterfall(figures: ProductionFigures): OeeWaterfall {
  const { planned_s, quality, performance } = oeeOf(figures);
  const availability_loss_s = planned_s - figures.run_s;
  const speed_loss_s = performance === null ? 0 : figures.run_s * (1 - Math.min(1, performance));
  const speedOk = figures.run_s - speed_loss_s;
  const quality_loss_s = quality === null ? 0 : speedOk * (1 - quality);
  return {
    planned_s,
    availability_loss_s,
    speed_loss_s,
    quality_loss_s,
    productive_s: speedOk - quality_loss_s,
  };
}
