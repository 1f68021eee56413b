import {
  classifyInput,
  energyKwh,
  FRACTION_OF,
  noFractions,
  SLOT_FRACTION_KEYS,
  SLOT_SECONDS,
  slotStartOf,
  stateTimeline,
  type DeviceMessage,
  type MouldObservation,
  type SlotFractions,
  type StateThresholds,
} from '@mouldwatch/shared';
import type { MoldStatusRow } from '../infra/db/schema.js';

/**
 * The time-state slots as a function of the stored readings (DESIGN §8, late readings): between two
 * readings a mould is what the earlier one makes it (run, idle, stop, off as the thresholds run
 * out), from its first reading on, up to the moment accounted. Everything here is pure: the state
 * engine feeds it the readings in time order, whatever order they arrived in.
 */

/** What a mould's settings bring: its state thresholds and its voltage (V; null when not set). */
export interface MouldSettings {
  thresholds: StateThresholds;
  voltage: number | null;
}

/** Time and energy of one slot (its start in epoch seconds) accounted over some stretch. */
export interface SlotAccount {
  fractions: SlotFractions;
  energyKwh: number;
}

/** Slot accounts by slot start (epoch seconds). */
export type SlotAccounts = Map<number, SlotAccount>;

/** A reading as the accounting needs it: the message, in time order by `ts` then `seq`. */
export type TimedReading = Pick<DeviceMessage, 'ts' | 'seq'> & Partial<DeviceMessage>;

const epochSeconds = (date: Date) => date.getTime() / 1000;
const epochSecondsOrNull = (date: Date | null) => (date === null ? null : epochSeconds(date));

/** What the classification knows of a mould from its status row. */
export function observationOf(status: MoldStatusRow): MouldObservation {
  return {
    lastCycleAt: epochSecondsOrNull(status.last_cycle_at),
    lastSeenAt: epochSecondsOrNull(status.last_connect_at),
    alarmActive: status.alarm_active,
    poweredOff: status.powered_off,
  };
}

/** The status of a mould before its first reading: nothing seen, nothing accounted before `at`. */
export function blankStatus(moldId: number, at: Date): MoldStatusRow {
  return {
    mold_id: moldId,
    state: 'off',
    online: false,
    powered_off: false,
    last_connect_at: null,
    last_seq: null,
    last_cycle_at: null,
    first_cycle_at: null,
    alarm_active: false,
    counter: null,
    last_cycle_time: null,
    mold_temp: null,
    hrs_temp: null,
    battery: null,
    current: null,
    lat: null,
    lng: null,
    state_since: at,
    accounted_until: at,
    updated_at: at,
  };
}

/** Readings in time order: by device time, then by sequence number. */
export const inTimeOrder = <T extends TimedReading>(readings: readonly T[]): T[] =>
  [...readings].sort((a, b) => a.ts - b.ts || a.seq - b.seq);

/**
 * Whether a reading comes before the last one the status applied: an earlier time, or the same
 * second with a lower seq (two instances may commit one device's readings of a second in either order).
 */
export function beforeLastApplied(status: MoldStatusRow, reading: TimedReading): boolean {
  if (!status.last_connect_at) return false;
  const lastAt = epochSeconds(status.last_connect_at);
  if (reading.ts !== lastAt) return reading.ts < lastAt;
  return status.last_seq !== null && reading.seq < status.last_seq;
}

/**
 * What a reading tells: when the device was last seen, whether it cycled (a `cycle` event or a
 * higher counter than the last one reported), whether it powered off, and its latest values. A
 * reading older than the last one applied changes nothing, so applying one twice is harmless.
 */
export function observeReading(status: MoldStatusRow, message: TimedReading): MoldStatusRow {
  return applyReading({ ...status }, message);
}

/** `observeReading` into `status` itself (the accounting's working copy: no row copied per reading). */
function applyReading(status: MoldStatusRow, message: TimedReading): MoldStatusRow {
  if (beforeLastApplied(status, message)) return status;
  const at = new Date(message.ts * 1000);
  const counted =
    message.counter !== undefined &&
    message.counter !== null &&
    status.counter !== null &&
    message.counter > status.counter;
  const cycled = message.event === 'cycle' || counted;
  status.last_connect_at = at;
  status.last_seq = message.seq;
  if (cycled) {
    status.last_cycle_at = at;
    status.first_cycle_at ??= at;
  }
  status.powered_off = message.event === 'power_off';
  status.counter = message.counter ?? status.counter;
  status.last_cycle_time = message.cycle_time ?? status.last_cycle_time;
  status.mold_temp = message.mold_temp ?? status.mold_temp;
  status.hrs_temp = message.hrs_temp ?? status.hrs_temp;
  status.battery = message.battery ?? status.battery;
  status.current = message.current ?? status.current;
  status.lat = message.gps?.lat ?? status.lat;
  status.lng = message.gps?.lng ?? status.lng;
  return status;
}

/** Adds `sign` × `extra` into `accounts`, slot by slot. */
export function addAccounts(accounts: SlotAccounts, extra: SlotAccounts, sign: 1 | -1 = 1): SlotAccounts {
  for (const [slot, { fractions, energyKwh: energy }] of extra) {
    const sum = accounts.get(slot) ?? { fractions: noFractions(), energyKwh: 0 };
    for (const key of SLOT_FRACTION_KEYS) sum.fractions[key] += sign * fractions[key];
    sum.energyKwh += sign * energy;
    accounts.set(slot, sum);
  }
  return accounts;
}

/** Adds `sign` × the slot time and energy of [from, to) spent under one observation. */
function accountStretch(
  accounts: SlotAccounts,
  status: MoldStatusRow,
  settings: MouldSettings,
  from: number,
  to: number,
  sign: 1 | -1,
): void {
  // Before its first reading a mould is not watched: that time is not accounted at all.
  if (to <= from || status.last_connect_at === null) return;
  const intervals = stateTimeline(classifyInput(observationOf(status), settings.thresholds, from), from, to);
  const { voltage } = settings;
  const { current } = status;
  for (const { start, end, state } of intervals) {
    for (let slot = slotStartOf(start); slot < end; slot += SLOT_SECONDS) {
      const seconds = Math.min(end, slot + SLOT_SECONDS) - Math.max(start, slot);
      if (seconds <= 0) continue;
      let account = accounts.get(slot);
      if (!account) {
        account = { fractions: noFractions(), energyKwh: 0 };
        accounts.set(slot, account);
      }
      account.fractions[FRACTION_OF[state]] += (sign * seconds) / SLOT_SECONDS;
      if (state !== 'off' && voltage !== null && current !== null) {
        account.energyKwh += sign * energyKwh(voltage, current, seconds);
      }
    }
  }
}

export interface Timeline {
  /** The slot time and energy of [from, to). */
  accounts: SlotAccounts;
  /** The status after the last reading. */
  status: MoldStatusRow;
}

/**
 * The slots of [from, to) (epoch seconds) for a mould whose status at `from` is `initial` and which
 * then sent `readings` (in time order; any before `from` only move the status on, any at or after
 * `to` count from `to`). Each stretch between two readings is spent as the earlier one makes it; a
 * slot that [from, to) covers in part gets only that part (the slot in progress: its elapsed part).
 */
export function accountTimeline(
  initial: MoldStatusRow,
  readings: readonly TimedReading[],
  settings: MouldSettings,
  from: number,
  to: number,
): Timeline {
  const accounts: SlotAccounts = new Map();
  const status = { ...initial };
  let cursor = from;
  for (const reading of readings) {
    const at = Math.min(Math.max(reading.ts, from), to);
    if (at > cursor) {
      accountStretch(accounts, status, settings, cursor, at, 1);
      cursor = at;
    }
    applyReading(status, reading);
  }
  accountStretch(accounts, status, settings, cursor, to, 1);
  return { accounts, status };
}

/** Takes back the time and energy of [from, to) accounted under one observation (it proved wrong). */
export function withdrawStretch(
  accounts: SlotAccounts,
  status: MoldStatusRow,
  settings: MouldSettings,
  from: number,
  to: number,
): SlotAccounts {
  accountStretch(accounts, status, settings, from, to, -1);
  return accounts;
}
