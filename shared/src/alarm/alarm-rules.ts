import { HEARTBEAT_SECONDS } from '../state/mold-state.js';
import type { MoldInfo } from '../mold/mold-info.js';
import { AlarmType } from '../notices/notice.js';

/**
 * The alarm rules (issue 12): what a reading's values mean against the mould's settings. Pure; the
 * server's alarm engine feeds them readings in reading-time order and keeps what they answer.
 * Numbers chosen here are in docs/decisions.md, "Alarm engine".
 */
export const ALARM_RULES = {
  /** Consecutive judged readings beyond a temperature bound before the alarm opens. */
  temperatureReadings: 3,
  /** A temperature alarm closes only this far inside its bound (°C; at most half the alert temperature). */
  temperatureHysteresis: 1,
  /** Consecutive cycles beyond a cycle, open or close time bound before the alarm opens. */
  cycleReadings: 2,
  /** A cycle, open or close time alarm closes only this far inside its bound (s; at most half the band). */
  cycleHysteresis: 0.5,
  /** Battery below this (%) is a power alarm… */
  batteryLow: 20,
  /** …that closes at or above this (%). */
  batteryClear: 25,
  /** Consecutive readings below the battery threshold before the alarm opens. */
  batteryReadings: 2,
  /** Silent for longer than this many of its usual gaps is offline… */
  offlineFactor: 4,
  /** …but never sooner than this (s; the state engine calls a mould off after 180 s)… */
  offlineFloor: 180,
  /** …and never later than this (s). */
  offlineCeiling: 3600,
  /** Gaps between readings remembered to learn a device's interval. */
  offlineGapSamples: 16,
} as const;

export type AlarmLevel = 'alert' | 'early';
const LEVEL_RANK: Record<AlarmLevel, number> = { early: 1, alert: 2 };
export const isWorseLevel = (next: AlarmLevel, than: AlarmLevel) => LEVEL_RANK[next] > LEVEL_RANK[than];

/** One channel of one reading, judged against its bounds. */
export interface ChannelCheck {
  alarmType: AlarmType;
  /** 'mold_temp:1', 'hrs_temp:2', 'cycle_time', 'open_time', 'close_time', 'battery' (contracts.md). */
  channel: string;
  channelName: string;
  /** 1 mould channel, 2 hot-runner channel, null otherwise. */
  tempType: 1 | 2 | null;
  value: number;
  setValue: number | null;
  /** Beyond a bound: the level and the bound crossed; null inside the bounds. */
  breach: { level: AlarmLevel; bound: number } | null;
  /** Inside the closing band (bounds narrowed by the hysteresis): an open alarm of the channel closes. */
  clear: boolean;
  /** Consecutive breaching readings needed to open. */
  readingsToOpen: number;
}

/** How bad a value is, for keeping the worst value of an open alarm: the higher the worse. */
export function severity(check: Pick<ChannelCheck, 'alarmType' | 'value' | 'setValue'>): number {
  return severityOf(check.alarmType, check.value, check.setValue);
}

/** severity() of a value of a channel, without an object to carry it. */
export function severityOf(alarmType: AlarmType, value: number, setValue: number | null): number {
  if (alarmType === AlarmType.power || alarmType === AlarmType.maintenance) return -value;
  return Math.abs(value - (setValue ?? 0));
}

/**
 * A check in the one shape every check has (the judge's hot loop reads them all alike). Built for
 * every channel of every reading judged: no spreads, no closures, no strings made per reading.
 */
function check(
  alarmType: AlarmType,
  channel: string,
  channelName: string,
  tempType: 1 | 2 | null,
  value: number,
  setValue: number | null,
  breach: ChannelCheck['breach'],
  clear: boolean,
  readingsToOpen: number,
): ChannelCheck {
  return { alarmType, channel, channelName, tempType, value, setValue, breach, clear, readingsToOpen };
}

/** Beyond set ± band (temperatures, cycle time around its target); the bound on the value's side. */
const isBeyond = (value: number, set: number, band: number) => Math.abs(value - set) > band;
const boundOf = (value: number, set: number, band: number) => (value >= set ? set + band : set - band);
/** Within band − hysteresis (the hysteresis at most half the band). */
const isClear = (value: number, set: number, band: number, hysteresis: number) =>
  Math.abs(value - set) <= band - Math.min(hysteresis, band / 2);

const usable = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0;

interface TemperatureValues {
  mold_temp?: ReadonlyArray<number | null> | null;
  hrs_temp?: ReadonlyArray<number | null> | null;
}

/** A channel's id and default name by its index, made once ('mold_temp:1', 'T1'; 'hrs_temp:1', 'HR1'). */
function channelNames(kind: 'mold_temp' | 'hrs_temp', prefix: string) {
  const ids: string[] = [];
  const names: string[] = [];
  return (index: number) => {
    ids[index] ??= `${kind}:${index + 1}`;
    names[index] ??= `${prefix}${index + 1}`;
    return { id: ids[index], name: names[index] };
  };
}
const MOULD_CHANNELS = channelNames('mold_temp', 'T');
const HOT_RUNNER_CHANNELS = channelNames('hrs_temp', 'HR');

type TemperatureInfo = Pick<MoldInfo, 'mold_temp_setting' | 'hot_temp_setting' | 'temp_standard_value' | 'temp_switch'>;

/** The checks of one kind of temperature channel, added to `checks`. */
function addTemperatureChecks(
  checks: ChannelCheck[],
  info: TemperatureInfo,
  hot: boolean,
  values: TemperatureValues['mold_temp'],
): void {
  if (!values) return;
  const settings = hot ? info.hot_temp_setting : info.mold_temp_setting;
  const names = hot ? HOT_RUNNER_CHANNELS : MOULD_CHANNELS;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    const setting = settings[index];
    const alert = setting?.alert;
    if (value === null || value === undefined || !usable(alert)) continue;
    const standardKey = `${hot ? 'hrs' : 'mold'}_temperature${index + 1}` as keyof MoldInfo['temp_standard_value'];
    const set = setting?.set ?? info.temp_standard_value[standardKey];
    if (set === null || set === undefined) continue;
    const { id, name } = names(index);
    const hysteresis = ALARM_RULES.temperatureHysteresis;
    checks.push(
      check(
        AlarmType.temperature,
        id,
        hot ? setting?.name || name : name,
        hot ? 2 : 1,
        value,
        set,
        isBeyond(value, set, alert) ? { level: 'alert', bound: boundOf(value, set, alert) } : null,
        isClear(value, set, alert, hysteresis),
        ALARM_RULES.temperatureReadings,
      ),
    );
  }
}

/**
 * Temperatures (type 3): each channel whose switch is on and that has a set value and an alert
 * temperature, against set ± alert, in °C as stored (the ingest corrects K thermocouples). The set
 * value is the channel's own, else the mould's standard value. Mould channels are named T1…T4, hot
 * runner channels by their tag name, else HR1…HR6. Added to `checks` when given.
 */
export function temperatureChecks(
  info: TemperatureInfo,
  reading: TemperatureValues,
  checks: ChannelCheck[] = [],
): ChannelCheck[] {
  if (info.temp_switch.mold_switch === 1) addTemperatureChecks(checks, info, false, reading.mold_temp);
  if (info.temp_switch.hrs_switch === 1) addTemperatureChecks(checks, info, true, reading.hrs_temp);
  return checks;
}

interface CycleValues {
  cycle_time?: number | null;
  open_time?: number | null;
  close_time?: number | null;
}

type CycleInfo = Pick<MoldInfo, 'cycle_time' | 'cycle_time_setting' | 'open_time_threshold' | 'close_time_threshold'>;

/** The cycle time against its target: alert band, early band inside it (null: not judged). */
function cycleTimeCheck(info: CycleInfo, cycle: number | null | undefined): ChannelCheck | null {
  const { time: threshold, alert, early } = info.cycle_time_setting;
  const target = info.cycle_time;
  if (typeof cycle !== 'number' || !usable(target) || !usable(alert) || (usable(threshold) && cycle > threshold)) {
    return null;
  }
  const hysteresis = ALARM_RULES.cycleHysteresis;
  const hasEarly = usable(early) && early < alert;
  const breach = isBeyond(cycle, target, alert)
    ? { level: 'alert' as const, bound: boundOf(cycle, target, alert) }
    : hasEarly && isBeyond(cycle, target, early)
      ? { level: 'early' as const, bound: boundOf(cycle, target, early) }
      : null;
  // Back inside the early band (or the alert band without one) closes.
  const clear = isClear(cycle, target, hasEarly ? early : alert, hysteresis);
  return check(AlarmType.cycleTime, 'cycle_time', '', null, cycle, target, breach, clear, ALARM_RULES.cycleReadings);
}

/** An open or close time above its threshold (null: not judged). */
function timeLimitCheck(channel: string, value: number | null | undefined, limit: number | null | undefined) {
  if (typeof value !== 'number' || !usable(limit)) return null;
  return check(
    AlarmType.cycleTime,
    channel,
    '',
    null,
    value,
    limit,
    value > limit ? { level: 'alert', bound: limit } : null,
    value <= limit - Math.min(ALARM_RULES.cycleHysteresis, limit / 2),
    ALARM_RULES.cycleReadings,
  );
}

/**
 * Cycle time (type 2): the cycle against the target cycle time ± the alert range (alert) and ± the
 * early alert (early, inside it), both in seconds as the mould form takes them. A cycle longer than
 * the cycle threshold is a pause, not a cycle, and is not judged. Open and close times: above their
 * threshold (s) is an alert. Added to `checks` when given.
 */
export function cycleChecks(info: CycleInfo, reading: CycleValues, checks: ChannelCheck[] = []): ChannelCheck[] {
  for (const judged of [
    cycleTimeCheck(info, reading.cycle_time),
    timeLimitCheck('open_time', reading.open_time, info.open_time_threshold),
    timeLimitCheck('close_time', reading.close_time, info.close_time_threshold),
  ]) {
    if (judged) checks.push(judged);
  }
  return checks;
}

/**
 * Power (type 5): battery below 20 % opens, 25 % or more closes ("Battery at {num}%, please charge
 * it"). Added to `checks` when given.
 */
export function batteryCheck(battery: number | null | undefined, checks: ChannelCheck[] = []): ChannelCheck[] {
  if (typeof battery !== 'number') return checks;
  const low = ALARM_RULES.batteryLow;
  checks.push(
    check(
      AlarmType.power,
      'battery',
      '',
      null,
      battery,
      low,
      battery < low ? { level: 'alert', bound: low } : null,
      battery >= ALARM_RULES.batteryClear,
      ALARM_RULES.batteryReadings,
    ),
  );
  return checks;
}

/**
 * How long a device may be silent before it is offline: its usual gap between readings (the median
 * of the recent gaps, robust to the odd long pause) × 4, within 180 s … 3600 s. Without gaps yet,
 * the protocol's heartbeat (60 s) stands in.
 */
export function offlineAfterSeconds(gaps: readonly number[]): number {
  const sorted = gaps.filter((gap) => gap > 0).sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const usual =
    sorted.length === 0
      ? HEARTBEAT_SECONDS
      : sorted.length % 2 === 1
        ? sorted[Math.floor(middle)]!
        : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.min(ALARM_RULES.offlineCeiling, Math.max(ALARM_RULES.offlineFloor, usual * ALARM_RULES.offlineFactor));
}

/** The recent gaps with a new one added (the oldest dropped). */
export function withGap(gaps: readonly number[], gap: number): number[] {
  return [...gaps, gap].slice(-ALARM_RULES.offlineGapSamples);
}
