import {
  CYCLE_BAND_COLOURS,
  CYCLE_GOOD_TOLERANCE,
  CYCLE_WARN_TOLERANCE,
  cycleBand,
  type MoldInfo,
} from '@mouldwatch/shared';

/** The mould's target cycle time (s): the target setting, else the cycle threshold; null when neither is set. */
export function targetCycleTime(info: MoldInfo): number | null {
  const target = info.cycle_time ?? info.cycle_time_setting.time;
  return target !== null && target > 0 ? target : null;
}

/** The colour of a cycle time against the target (green ≤ 2 %, yellow ≤ 5 %, red beyond); none without a target. */
export function cycleTimeColour(actual: number, target: number | null): string | undefined {
  const band = cycleBand(actual, target);
  return band === 'none' ? undefined : CYCLE_BAND_COLOURS[band];
}

/** A horizontal band of the chart, in seconds. */
export interface ToleranceBand {
  from: number;
  to: number;
  colour: string;
}

/** The green band within 2 % of the target and the yellow ones from 2 to 5 % either side; beyond is red. */
export function toleranceBands(target: number): ToleranceBand[] {
  const at = (fraction: number) => Math.round(target * (1 + fraction) * 1000) / 1000;
  return [
    { from: at(-CYCLE_WARN_TOLERANCE), to: at(-CYCLE_GOOD_TOLERANCE), colour: CYCLE_BAND_COLOURS.warn },
    { from: at(-CYCLE_GOOD_TOLERANCE), to: at(CYCLE_GOOD_TOLERANCE), colour: CYCLE_BAND_COLOURS.good },
    { from: at(CYCLE_GOOD_TOLERANCE), to: at(CYCLE_WARN_TOLERANCE), colour: CYCLE_BAND_COLOURS.warn },
  ];
}
