import type { MoldInfo } from '../mold/mold-info.js';

/** Mould states (spec §4); idle is displayed like stby. */
export const MOLD_STATES = ['run', 'stby', 'idle', 'alarm', 'stop', 'off'] as const;
export type MoldState = (typeof MOLD_STATES)[number];

/** Time-state statuses of a 5-minute slot (spec §4): 1 run … 5 off. */
export const TimeStateStatus = { run: 1, idle: 2, alarm: 3, stop: 4, off: 5 } as const;
export type SlotState = keyof typeof TimeStateStatus;

export const SLOT_SECONDS = 300;
/** A device reports at least once a minute (a heartbeat when it does not cycle). */
export const HEARTBEAT_SECONDS = 60;
/** Three missed heartbeats and the device is offline: its mould is off. */
export const OFFLINE_AFTER_SECONDS = 3 * HEARTBEAT_SECONDS;
/** Base idle and stop times of a mould whose settings leave them empty. */
export const DEFAULT_IDLE_SECONDS = 300;
export const DEFAULT_STOP_SECONDS = 1800;

/** What is known of a mould at a moment; times are epoch seconds. */
export interface MouldObservation {
  /** The last reading that reported a cycle; null when the device never cycled. */
  lastCycleAt: number | null;
  /** The last reading of any kind; null when the device never reported. */
  lastSeenAt: number | null;
  alarmActive: boolean;
  /** The last reading was a power_off event. */
  poweredOff: boolean;
}

export interface StateThresholds {
  offlineAfterSeconds: number;
  basicIdleSeconds: number;
  basicStopSeconds: number;
}

export type ClassifyInput = MouldObservation & StateThresholds & { now: number };

/**
 * What `classifyMould` reads, built member by member: the state engine classifies several times per
 * reading, and V8 builds a spread of two objects (`{ ...observation, ...thresholds }`) on a slow
 * path, into an object every later read of which is slow too (about 3 µs against 0.02).
 */
export function classifyInput(observation: MouldObservation, thresholds: StateThresholds, now: number): ClassifyInput {
  return {
    lastCycleAt: observation.lastCycleAt,
    lastSeenAt: observation.lastSeenAt,
    alarmActive: observation.alarmActive,
    poweredOff: observation.poweredOff,
    offlineAfterSeconds: thresholds.offlineAfterSeconds,
    basicIdleSeconds: thresholds.basicIdleSeconds,
    basicStopSeconds: thresholds.basicStopSeconds,
    now,
  };
}

/** The thresholds of a mould from its `info` settings, defaults filling what is empty. */
export function stateThresholds(info: Pick<MoldInfo, 'basic_time' | 'basic_stop_time'>): StateThresholds {
  return {
    offlineAfterSeconds: OFFLINE_AFTER_SECONDS,
    basicIdleSeconds: info.basic_time ?? DEFAULT_IDLE_SECONDS,
    basicStopSeconds: info.basic_stop_time ?? DEFAULT_STOP_SECONDS,
  };
}

const silentFor = (now: number, since: number | null) => (since === null ? Infinity : now - since);

/**
 * Off when the device is silent for longer than its offline time or sent power_off; then alarm
 * while an alarm is active; stby before the first cycle; stop or idle after more than the base
 * stop or idle time without a cycle; else run.
 */
export function classifyMould(input: ClassifyInput): MoldState {
  if (input.poweredOff || silentFor(input.now, input.lastSeenAt) > input.offlineAfterSeconds) return 'off';
  if (input.alarmActive) return 'alarm';
  if (input.lastCycleAt === null) return 'stby';
  const sinceCycle = silentFor(input.now, input.lastCycleAt);
  if (sinceCycle > input.basicStopSeconds) return 'stop';
  if (sinceCycle > input.basicIdleSeconds) return 'idle';
  return 'run';
}

export const isOnline = (state: MoldState) => state !== 'off';

/** A stretch of time [start, end) in epoch seconds spent in one state. */
export interface StateInterval {
  start: number;
  end: number;
  state: MoldState;
}

/**
 * The states a mould passes through from `from` to `to` while nothing new is observed: it changes
 * only where a threshold runs out (idle, stop, offline), so it is classified once between them.
 */
export function stateTimeline(
  observation: MouldObservation & StateThresholds,
  from: number,
  to: number,
): StateInterval[] {
  // Run for every stretch between two readings: plain loops, one object to classify with.
  const { lastCycleAt, lastSeenAt } = observation;
  const bounds = [from];
  if (lastCycleAt !== null) {
    addInside(bounds, lastCycleAt + observation.basicIdleSeconds, from, to);
    addInside(bounds, lastCycleAt + observation.basicStopSeconds, from, to);
  }
  if (lastSeenAt !== null) addInside(bounds, lastSeenAt + observation.offlineAfterSeconds, from, to);
  if (bounds.length > 2) bounds.sort((a, b) => a - b);
  bounds.push(to);
  const at = classifyInput(observation, observation, from);
  const intervals: StateInterval[] = [];
  for (let index = 0; index + 1 < bounds.length; index += 1) {
    const [start, end] = [bounds[index]!, bounds[index + 1]!];
    at.now = (start + end) / 2;
    const state = classifyMould(at);
    const previous = intervals.at(-1);
    if (previous?.state === state) previous.end = end;
    else intervals.push({ start, end, state });
  }
  return intervals;
}

/** Adds a threshold's moment to the bounds when it falls strictly inside (from, to) and is not there yet. */
function addInside(bounds: number[], moment: number, from: number, to: number): void {
  if (moment > from && moment < to && !bounds.includes(moment)) bounds.push(moment);
}

/** A time-state record's fractions of one slot (spec §3). */
export interface SlotFractions {
  c_run_time: number;
  c_idle_time: number;
  c_alarm_time: number;
  c_stop_time: number;
  c_off_time: number;
}

/** The fraction of a slot that time in each state counts in (stby counts as idle). */
export const FRACTION_OF: Readonly<Record<MoldState, keyof SlotFractions>> = {
  run: 'c_run_time',
  stby: 'c_idle_time',
  idle: 'c_idle_time',
  alarm: 'c_alarm_time',
  stop: 'c_stop_time',
  off: 'c_off_time',
};

/** The fraction columns of a slot, in the spec's order. */
export const SLOT_FRACTION_KEYS = ['c_run_time', 'c_idle_time', 'c_alarm_time', 'c_stop_time', 'c_off_time'] as const;

/** A slot's fractions before any time is accounted: all 0. */
export const noFractions = (): SlotFractions => ({
  c_run_time: 0,
  c_idle_time: 0,
  c_alarm_time: 0,
  c_stop_time: 0,
  c_off_time: 0,
});

export const slotStartOf = (epochSeconds: number) => Math.floor(epochSeconds / SLOT_SECONDS) * SLOT_SECONDS;

/** The slots (their starts) that the intervals overlap. */
export function slotsCovered(intervals: readonly StateInterval[]): number[] {
  const starts = new Set<number>();
  for (const { start, end } of intervals) {
    for (let slot = slotStartOf(start); slot < end; slot += SLOT_SECONDS) starts.add(slot);
  }
  return [...starts].sort((a, b) => a - b);
}

/** The share of the slot starting at `slotStart` that the intervals spend in each state; the rest stays 0. */
export function coveredFractions(intervals: readonly StateInterval[], slotStart: number): SlotFractions {
  const fractions = noFractions();
  const slotEnd = slotStart + SLOT_SECONDS;
  for (const { start, end, state } of intervals) {
    const overlap = Math.min(end, slotEnd) - Math.max(start, slotStart);
    if (overlap > 0) fractions[FRACTION_OF[state]] += overlap / SLOT_SECONDS;
  }
  return fractions;
}

/** Time of the slot that no state accounts for counts as off, so the fractions sum to 1. */
export function withUncoveredAsOff(fractions: SlotFractions): SlotFractions {
  const covered = Object.values(fractions).reduce((sum, fraction) => sum + fraction, 0);
  return { ...fractions, c_off_time: fractions.c_off_time + Math.max(0, 1 - covered) };
}

/** The time-state fractions of one 5-minute slot, summing to 1. */
export function slotFractions(intervals: readonly StateInterval[], slotStart: number): SlotFractions {
  return withUncoveredAsOff(coveredFractions(intervals, slotStart));
}

/** The seconds of a slot that its fractions spend online (in any state but off). */
export const onlineSeconds = (fractions: SlotFractions) =>
  (fractions.c_run_time + fractions.c_idle_time + fractions.c_alarm_time + fractions.c_stop_time) * SLOT_SECONDS;

/** Energy (kWh) drawn at `current` A from the mould's `voltage` V for `seconds`. */
export const energyKwh = (voltage: number, current: number, seconds: number) =>
  (voltage * current * (seconds / 3600)) / 1000;
