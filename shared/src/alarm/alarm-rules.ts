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
  if (check.alarmType === AlarmType.power || check.alarmType === AlarmType.maintenance) return -check.value;
  return Math.abs(check.value - (check.setValue ?? 0));
}

/**
 * A value against set ± band (temperatures, cycle time around its target): beyond the band is a
 * breach; within band − hysteresis (the hysteresis at most half the band) is clear.
 */
function bandCheck(value: number, set: number, band: number, hysteresis: number) {
  const deviation = Math.abs(value - set);
  const bound = value >= set ? set + band : set - band;
  return {
    beyond: deviation > band,
    bound,
    clear: deviation <= band - Math.min(hysteresis, band / 2),
  };
}

const usable = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0;

interface TemperatureValues {
  mold_temp?: ReadonlyArray<number | null> | null;
  hrs_temp?: ReadonlyArray<number | null> | null;
}

/**
 * Temperatures (type 3): each channel whose switch is on and that has a set value and an alert
 * temperature, against set ± alert, in °C as stored (the ingest corrects K thermocouples). The set
 * value is the channel's own, else the mould's standard value. Mould channels are named T1…T4, hot
 * runner channels by their tag name, else HR1…HR6.
 */
export function temperatureChecks(
  info: Pick<MoldInfo, 'mold_temp_setting' | 'hot_temp_setting' | 'temp_standard_value' | 'temp_switch'>,
  reading: TemperatureValues,
): ChannelCheck[] {
  const checks: ChannelCheck[] = [];
  const judge = (kind: 'mold_temp' | 'hrs_temp', values: TemperatureValues['mold_temp']) => {
    const hot = kind === 'hrs_temp';
    const settings = hot ? info.hot_temp_setting : info.mold_temp_setting;
    values?.forEach((value, index) => {
      const setting = settings[index];
      const standardKey = hot ? `hrs_temperature${index + 1}` : `mold_temperature${index + 1}`;
      const set = setting?.set ?? info.temp_standard_value[standardKey as keyof MoldInfo['temp_standard_value']];
      const alert = setting?.alert;
      if (value === null || set === null || set === undefined || !usable(alert)) return;
      const band = bandCheck(value, set, alert, ALARM_RULES.temperatureHysteresis);
      checks.push({
        alarmType: AlarmType.temperature,
        channel: `${kind}:${index + 1}`,
        channelName: hot ? setting?.name || `HR${index + 1}` : `T${index + 1}`,
        tempType: hot ? 2 : 1,
        value,
        setValue: set,
        breach: band.beyond ? { level: 'alert', bound: band.bound } : null,
        clear: band.clear,
        readingsToOpen: ALARM_RULES.temperatureReadings,
      });
    });
  };
  if (info.temp_switch.mold_switch === 1) judge('mold_temp', reading.mold_temp);
  if (info.temp_switch.hrs_switch === 1) judge('hrs_temp', reading.hrs_temp);
  return checks;
}

interface CycleValues {
  cycle_time?: number | null;
  open_time?: number | null;
  close_time?: number | null;
}

/**
 * Cycle time (type 2): the cycle against the target cycle time ± the alert range (alert) and ± the
 * early alert (early, inside it), both in seconds as the mould form takes them. A cycle longer than
 * the cycle threshold is a pause, not a cycle, and is not judged. Open and close times: above their
 * threshold (s) is an alert.
 */
export function cycleChecks(
  info: Pick<MoldInfo, 'cycle_time' | 'cycle_time_setting' | 'open_time_threshold' | 'close_time_threshold'>,
  reading: CycleValues,
): ChannelCheck[] {
  const checks: ChannelCheck[] = [];
  const base = { alarmType: AlarmType.cycleTime, tempType: null, readingsToOpen: ALARM_RULES.cycleReadings } as const;
  const { time: threshold, alert, early } = info.cycle_time_setting;
  const cycle = reading.cycle_time;
  const target = info.cycle_time;
  if (typeof cycle === 'number' && usable(target) && usable(alert) && !(usable(threshold) && cycle > threshold)) {
    const alertBand = bandCheck(cycle, target, alert, ALARM_RULES.cycleHysteresis);
    const earlyBand =
      usable(early) && early < alert ? bandCheck(cycle, target, early, ALARM_RULES.cycleHysteresis) : null;
    const breach = alertBand.beyond
      ? { level: 'alert' as const, bound: alertBand.bound }
      : earlyBand?.beyond
        ? { level: 'early' as const, bound: earlyBand.bound }
        : null;
    checks.push({
      ...base,
      channel: 'cycle_time',
      channelName: '',
      value: cycle,
      setValue: target,
      breach,
      // Back inside the early band (or the alert band without one) closes.
      clear: (earlyBand ?? alertBand).clear,
    });
  }
  for (const [channel, value, limit] of [
    ['open_time', reading.open_time, info.open_time_threshold],
    ['close_time', reading.close_time, info.close_time_threshold],
  ] as const) {
    if (typeof value !== 'number' || !usable(limit)) continue;
    checks.push({
      ...base,
      channel,
      channelName: '',
      value,
      setValue: limit,
      breach: value > limit ? { level: 'alert', bound: limit } : null,
      clear: value <= limit - Math.min(ALARM_RULES.cycleHysteresis, limit / 2),
    });
  }
  return checks;
}

/** Power (type 5): battery below 20 % opens, 25 % or more closes ("Battery at {num}%, please charge it"). */
export function batteryCheck(battery: number | null | undefined): ChannelCheck[] {
  if (typeof battery !== 'number') return [];
  return [
    {
      alarmType: AlarmType.power,
      channel: 'battery',
      channelName: '',
      tempType: null,
      value: battery,
      setValue: ALARM_RULES.batteryLow,
      breach: battery < ALARM_RULES.batteryLow ? { level: 'alert', bound: ALARM_RULES.batteryLow } : null,
      clear: battery >= ALARM_RULES.batteryClear,
      readingsToOpen: ALARM_RULES.batteryReadings,
    },
  ];
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
