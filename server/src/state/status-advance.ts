import {
  classifyMould,
  coveredFractions,
  energyKwh,
  isOnline,
  onlineSeconds,
  slotsCovered,
  stateTimeline,
  type DeviceMessage,
  type MouldObservation,
  type SlotFractions,
  type StateThresholds,
} from '@mouldwatch/shared';
import type { MoldStatusRow } from '../infra/db/schema.js';
import type { SlotShare } from './state.repository.js';

/** What a mould's settings bring: its state thresholds and its voltage (V; null when not set). */
export interface MouldSettings {
  thresholds: StateThresholds;
  voltage: number | null;
}

/** A mould's status moved on to a moment: the new row, the slot time to add, and whether others must hear of it. */
export interface StatusAdvance {
  status: MoldStatusRow;
  shares: SlotShare[];
  /** The state or the online flag changed (or the mould reported for the first time). */
  changed: boolean;
}

const epochSeconds = (date: Date) => date.getTime() / 1000;
const epochSecondsOrNull = (date: Date | null) => (date === null ? null : epochSeconds(date));

function observationOf(status: MoldStatusRow): MouldObservation {
  return {
    lastCycleAt: epochSecondsOrNull(status.last_cycle_at),
    lastSeenAt: epochSecondsOrNull(status.last_connect_at),
    // Alarms come from the alarm rules, which are not built yet.
    alarmActive: false,
    poweredOff: status.powered_off,
  };
}

function blankStatus(moldId: number, now: Date): MoldStatusRow {
  return {
    mold_id: moldId,
    state: 'off',
    online: false,
    powered_off: false,
    last_connect_at: null,
    last_cycle_at: null,
    counter: null,
    last_cycle_time: null,
    mold_temp: null,
    hrs_temp: null,
    battery: null,
    current: null,
    lat: null,
    lng: null,
    state_since: now,
    accounted_until: now,
    updated_at: now,
  };
}

/**
 * What a reading tells: when the device was last seen, whether it cycled (a `cycle` event or a
 * higher counter), whether it powered off, and its latest values. A reading older than the last
 * one applied changes nothing, so applying one twice or late is harmless.
 */
export function observeReading(status: MoldStatusRow, message: DeviceMessage): MoldStatusRow {
  const at = new Date(message.ts * 1000);
  if (status.last_connect_at && at < status.last_connect_at) return status;
  const counted = message.counter !== undefined && status.counter !== null && message.counter > status.counter;
  const cycled = message.event === 'cycle' || counted;
  return {
    ...status,
    last_connect_at: at,
    last_cycle_at: cycled ? at : status.last_cycle_at,
    powered_off: message.event === 'power_off',
    counter: message.counter ?? status.counter,
    last_cycle_time: message.cycle_time ?? status.last_cycle_time,
    mold_temp: message.mold_temp ?? status.mold_temp,
    hrs_temp: message.hrs_temp ?? status.hrs_temp,
    battery: message.battery ?? status.battery,
    current: message.current ?? status.current,
    lat: message.gps?.lat ?? status.lat,
    lng: message.gps?.lng ?? status.lng,
  };
}

/** Energy of a slot's online time at the last reported current; none without a voltage or a current. */
function slotEnergy(voltage: number | null, current: number | null, fractions: SlotFractions): number {
  return voltage === null || current === null ? 0 : energyKwh(voltage, current, onlineSeconds(fractions));
}

/**
 * The slot time and energy from the last accounted moment to `now`, in the states the mould passed
 * through meanwhile.
 */
function sharesSince(status: MoldStatusRow, settings: MouldSettings, now: Date): SlotShare[] {
  const from = epochSeconds(status.accounted_until);
  const to = epochSeconds(now);
  if (to <= from) return [];
  const intervals = stateTimeline({ ...observationOf(status), ...settings.thresholds }, from, to);
  return slotsCovered(intervals).map((slot) => {
    const fractions = coveredFractions(intervals, slot);
    return {
      slotStart: new Date(slot * 1000),
      fractions,
      energyKwh: slotEnergy(settings.voltage, status.current, fractions),
    };
  });
}

/** Moves a mould's status on to `now`: accounts the time since the last advance, applies the readings, classifies. */
export function advanceStatus(
  moldId: number,
  previous: MoldStatusRow | undefined,
  settings: MouldSettings,
  readings: readonly DeviceMessage[],
  now: Date,
): StatusAdvance {
  const shares = previous ? sharesSince(previous, settings, now) : [];
  const observed = readings.reduce(observeReading, previous ?? blankStatus(moldId, now));
  const state = classifyMould({ ...observationOf(observed), ...settings.thresholds, now: epochSeconds(now) });
  const online = isOnline(state);
  const changed = !previous || previous.state !== state || previous.online !== online;
  const status: MoldStatusRow = {
    ...observed,
    state,
    online,
    state_since: previous?.state === state ? observed.state_since : now,
    accounted_until: new Date(Math.max(now.getTime(), observed.accounted_until.getTime())),
    updated_at: now,
  };
  return { status, shares, changed };
}
