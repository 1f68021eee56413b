import type { MoldState } from '../state/mold-state.js';
import { STATUS_PALETTE } from '../state/state-colours.js';

/** How far a cycle time lies from its target (spec §4): good ≤ 2 %, warn ≤ 5 %, bad beyond; none without both. */
export type CycleBand = 'good' | 'warn' | 'bad' | 'none';

/** The band limits as fractions of the target (spec §9: tolerance bands 2 and 5 percent). */
export const CYCLE_GOOD_TOLERANCE = 0.02;
export const CYCLE_WARN_TOLERANCE = 0.05;

/**
 * The colour of each band (green, yellow, red). 'none' has none on purpose: with nothing to
 * compare, the value is shown plain, and the type makes a caller decide so.
 */
export const CYCLE_BAND_COLOURS: Record<Exclude<CycleBand, 'none'>, string> = {
  good: STATUS_PALETTE.green,
  warn: STATUS_PALETTE.yellow,
  bad: STATUS_PALETTE.red,
};

/**
 * Slack on the limits, far below any real cycle time difference, so that a deviation of exactly
 * 2 % or 5 % in decimal (1.02 s against 1 s) is not pushed over by binary rounding.
 */
const LIMIT_SLACK = 1e-9;

const isPositive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * The band of a cycle time (s) against its target (s). A limit belongs to the better band: exactly
 * 2 % off is good, exactly 5 % is warn. Slower and faster count alike. Without a positive target
 * or actual there is nothing to judge: none.
 */
export function cycleBand(actual: number | null | undefined, target: number | null | undefined): CycleBand {
  if (!isPositive(actual) || !isPositive(target)) return 'none';
  const deviation = Math.abs(actual - target) / target;
  if (deviation <= CYCLE_GOOD_TOLERANCE + LIMIT_SLACK) return 'good';
  if (deviation <= CYCLE_WARN_TOLERANCE + LIMIT_SLACK) return 'warn';
  return 'bad';
}

/**
 * Whether a mould's last cycle time still describes how it runs. A stopped or off mould keeps the
 * time of its last cycle: that is a last known value, not a healthy one, and is shown without its band.
 */
export const cycleTimeIsCurrent = (state: MoldState) => state !== 'stop' && state !== 'off';
