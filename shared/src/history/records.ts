import { HOT_RUNNER_TEMPERATURE_KEYS, MOLD_TEMPERATURE_KEYS } from '../mold/mold-info.js';

/** Spec §3 "Mould data record": a bucket's (or a reading's) start and its values, one key each. */
export interface MoldDataRecord {
  /** Epoch seconds. */
  create_datetime: number;
  content: Array<Record<string, number | null>>;
}

/** The mould data reads of spec §7; each has a `…Page` twin except energy. */
export const MOLD_DATA_KINDS = [
  'moldTemperature',
  'hotRunnerTemperature',
  'moldCycleCounter',
  'moldCycleTimer',
  'energyList',
] as const;
export type MoldDataKind = (typeof MOLD_DATA_KINDS)[number];

/**
 * The keys of each kind's `content`, in order. Temperatures are °C averages (thermocouple
 * correction applied when stored); `counter` is the last count, `shots` the cycles in the bucket;
 * cycle, open and close times are averages in seconds; `energy` is kW·h.
 */
export const MOLD_DATA_KEYS: Readonly<Record<MoldDataKind, readonly string[]>> = {
  moldTemperature: MOLD_TEMPERATURE_KEYS,
  hotRunnerTemperature: HOT_RUNNER_TEMPERATURE_KEYS,
  moldCycleCounter: ['counter', 'shots'],
  moldCycleTimer: ['cycle_time', 'open_time', 'close_time'],
  energyList: ['energy'],
};
