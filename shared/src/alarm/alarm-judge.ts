import type { DeviceMessage } from '../device/protocol.js';
import type { MoldInfo } from '../mold/mold-info.js';
import { AlarmType } from '../notices/notice.js';
import {
  batteryCheck,
  cycleChecks,
  isWorseLevel,
  severity,
  severityOf,
  temperatureChecks,
  withGap,
  type AlarmLevel,
  type ChannelCheck,
} from './alarm-rules.js';

/** An alarm of the mould open now, as the judge needs it; times are epoch seconds. */
export interface OpenAlarmState {
  alarmType: AlarmType;
  channel: string;
  level: AlarmLevel;
  value: number | null;
  setValue: number | null;
  openedAt: number;
}

/** A run of breaching readings of one channel that has not opened an alarm yet. */
export interface Streak {
  count: number;
  since: number;
  level: AlarmLevel;
  bound: number;
  value: number;
}

/** What the judge remembers of a mould between readings (kept durably by the engine). */
export interface MouldTracks {
  /** Time of the latest reading judged (epoch s); readings older than it are late. */
  lastTs: number | null;
  /**
   * Its device's sequence number, where known: a reading of the same second with a lower one is
   * late too (two instances may commit one device's readings of a second in either order).
   */
  lastSeq?: number | null;
  /** The latest reading was a power_off event. */
  poweredOff: boolean;
  /** Recent gaps between readings (s), to learn the device's interval. */
  gaps: number[];
  streaks: Record<string, Streak>;
}

export const emptyTracks = (): MouldTracks => ({
  lastTs: null,
  lastSeq: null,
  poweredOff: false,
  gaps: [],
  streaks: {},
});

/** The values of a reading the judge reads, with its time in epoch seconds and its device's seq. */
export type JudgedReading = Pick<
  DeviceMessage,
  'ts' | 'event' | 'cycle_time' | 'open_time' | 'close_time' | 'mold_temp' | 'hrs_temp' | 'battery'
> &
  Partial<Pick<DeviceMessage, 'seq'>>;

/** Reading-time order: by time, then within a second by the device's sequence number. */
export const byReadingTime = (a: Pick<JudgedReading, 'ts' | 'seq'>, b: Pick<JudgedReading, 'ts' | 'seq'>) =>
  a.ts - b.ts || (a.seq ?? 0) - (b.seq ?? 0);

/** Whether a reading comes before the latest one judged (it is late). */
export function isBeforeTracks(reading: Pick<JudgedReading, 'ts' | 'seq'>, tracks: MouldTracks): boolean {
  if (tracks.lastTs === null) return false;
  if (reading.ts !== tracks.lastTs) return reading.ts < tracks.lastTs;
  return (
    reading.seq !== undefined && tracks.lastSeq !== null && tracks.lastSeq !== undefined && reading.seq < tracks.lastSeq
  );
}

interface AlarmIdentity {
  alarmType: AlarmType;
  channel: string;
}
export type AlarmTransition =
  | (AlarmIdentity & {
      kind: 'open';
      at: number;
      channelName: string;
      tempType: 1 | 2 | null;
      level: AlarmLevel;
      value: number;
      bound: number | null;
      setValue: number | null;
    })
  | (AlarmIdentity & { kind: 'update'; at: number; value: number; level: AlarmLevel; bound: number | null })
  | (AlarmIdentity & { kind: 'close'; at: number; value?: number });

export const alarmKey = ({ alarmType, channel }: { alarmType: number; channel: string }) => `${alarmType}|${channel}`;

export const OFFLINE_CHANNEL = 'offline';
const offlineKey = alarmKey({ alarmType: AlarmType.offline, channel: OFFLINE_CHANNEL });

/** Alarms the readings judge (maintenance comes from its tasks). */
const READING_TYPES: readonly AlarmType[] = [
  AlarmType.cycleTime,
  AlarmType.temperature,
  AlarmType.offline,
  AlarmType.power,
];
const PRODUCTION_TYPES: readonly AlarmType[] = [AlarmType.cycleTime, AlarmType.temperature];

/**
 * A reading of production: a cycle, or a reading without an event. A heartbeat, power_off or
 * power_on says the mould is not producing: temperatures and cycle times are not judged on it,
 * and it closes the temperature and cycle-time alarms (heating up after a stop is not an alarm).
 */
export const isProductionReading = (reading: Pick<JudgedReading, 'event'>) =>
  reading.event === undefined || reading.event === 'cycle';

export interface JudgeInput {
  info: MoldInfo;
  /** The mould's `launch_listen`: an unmonitored mould raises no alarms and closes those open. */
  monitored: boolean;
  tracks: MouldTracks;
  open: ReadonlyMap<string, OpenAlarmState>;
  /** The new readings, in any order: they are judged in reading-time order. */
  readings: readonly JudgedReading[];
}

export interface JudgeOutcome {
  tracks: MouldTracks;
  changes: AlarmTransition[];
  /** The alarms open after the readings. */
  open: Map<string, OpenAlarmState>;
}

/**
 * Judges a mould's new readings in reading-time order against its settings, from what it remembers
 * (`tracks`) and its open alarms; answers the alarm changes with the readings' times.
 *
 * - A channel opens after `readingsToOpen` consecutive breaching readings, at the time of the first
 *   of them, with the worst value among them; it closes at the first reading inside its closing band.
 * - An open alarm keeps its worst value; a worse level (early → alert) is an update.
 * - A reading older than the latest one judged (late, inside judged history) changes no streak and
 *   opens or closes nothing: it only raises the worst value of an alarm that was open at its time.
 *   (The engine re-judges a window of stored readings instead, where it can: docs/decisions.md.)
 * - Offline: a power_off opens it at once; any other reading closes an open one (the value becomes
 *   the seconds of silence). Silence itself is judged by the engine's offline job.
 */
export function judgeReadings(input: JudgeInput): JudgeOutcome {
  const tracks: MouldTracks = { ...input.tracks, gaps: [...input.tracks.gaps], streaks: { ...input.tracks.streaks } };
  const open = new Map(input.open);
  const changes: AlarmTransition[] = [];
  const close = (key: string, at: number, value?: number) => {
    const alarm = open.get(key);
    if (!alarm) return;
    open.delete(key);
    changes.push({ kind: 'close', alarmType: alarm.alarmType, channel: alarm.channel, at, value });
  };
  const sorted = [...input.readings].sort(byReadingTime);
  for (const reading of sorted) {
    const production = isProductionReading(reading);
    const checks: ChannelCheck[] = [];
    if (production) {
      temperatureChecks(input.info, reading, checks);
      cycleChecks(input.info, reading, checks);
    }
    batteryCheck(reading.battery, checks);
    if (isBeforeTracks(reading, tracks)) {
      if (input.monitored) raiseWorstValues(open, checks, reading.ts, changes);
      continue;
    }
    const silence = tracks.lastTs === null ? null : reading.ts - tracks.lastTs;
    if (silence !== null && silence > 0 && !tracks.poweredOff) tracks.gaps = withGap(tracks.gaps, silence);
    tracks.lastTs = reading.ts;
    tracks.lastSeq = reading.seq ?? null;
    tracks.poweredOff = reading.event === 'power_off';
    if (!input.monitored) {
      for (const [key, alarm] of open) if (READING_TYPES.includes(alarm.alarmType)) close(key, reading.ts);
      tracks.streaks = {};
      continue;
    }
    if (reading.event === 'power_off') {
      if (!open.has(offlineKey)) {
        const change = {
          kind: 'open',
          alarmType: AlarmType.offline,
          channel: OFFLINE_CHANNEL,
          at: reading.ts,
          channelName: '',
          tempType: null,
          level: 'alert',
          value: 0,
          bound: null,
          setValue: null,
        } as const;
        changes.push(change);
        open.set(offlineKey, { ...change, openedAt: reading.ts });
      }
    } else if (open.has(offlineKey)) {
      close(offlineKey, reading.ts, Math.max(0, silence ?? 0));
    }
    if (!production) {
      for (const [key, alarm] of open) if (PRODUCTION_TYPES.includes(alarm.alarmType)) close(key, reading.ts);
      for (const key of Object.keys(tracks.streaks)) {
        if (PRODUCTION_TYPES.includes(Number(key.split('|')[0]) as AlarmType)) delete tracks.streaks[key];
      }
    }
    for (const check of checks) stepChannel(check, reading.ts, tracks, open, changes, close);
  }
  return { tracks, changes, open };
}

function stepChannel(
  check: ChannelCheck,
  at: number,
  tracks: MouldTracks,
  open: Map<string, OpenAlarmState>,
  changes: AlarmTransition[],
  close: (key: string, at: number) => void,
): void {
  const key = alarmKey(check);
  const alarm = open.get(key);
  if (alarm) {
    delete tracks.streaks[key];
    if (check.clear) return close(key, at);
    if (!check.breach) return;
    const worseLevel = isWorseLevel(check.breach.level, alarm.level);
    const worseValue =
      alarm.value === null || severity(check) > severityOf(alarm.alarmType, alarm.value, alarm.setValue);
    if (!worseLevel && !worseValue) return;
    const level = worseLevel ? check.breach.level : alarm.level;
    const value = worseValue ? check.value : (alarm.value ?? check.value);
    open.set(key, { ...alarm, level, value });
    changes.push({
      kind: 'update',
      alarmType: check.alarmType,
      channel: check.channel,
      at,
      value,
      level,
      bound: check.breach.bound,
    });
    return;
  }
  if (!check.breach) {
    delete tracks.streaks[key];
    return;
  }
  const previous = tracks.streaks[key];
  const streak: Streak = previous
    ? {
        count: previous.count + 1,
        since: previous.since,
        level: isWorseLevel(check.breach.level, previous.level) ? check.breach.level : previous.level,
        bound: isWorseLevel(check.breach.level, previous.level) ? check.breach.bound : previous.bound,
        value:
          severity(check) > severityOf(check.alarmType, previous.value, check.setValue) ? check.value : previous.value,
      }
    : { count: 1, since: at, level: check.breach.level, bound: check.breach.bound, value: check.value };
  if (streak.count < check.readingsToOpen) {
    tracks.streaks[key] = streak;
    return;
  }
  delete tracks.streaks[key];
  const change = {
    kind: 'open',
    alarmType: check.alarmType,
    channel: check.channel,
    at: streak.since,
    channelName: check.channelName,
    tempType: check.tempType,
    level: streak.level,
    value: streak.value,
    bound: streak.bound,
    setValue: check.setValue,
  } as const;
  changes.push(change);
  open.set(key, { ...change, openedAt: streak.since });
}

/** A late reading: only the worst value of an alarm open at its time can change. */
function raiseWorstValues(
  open: Map<string, OpenAlarmState>,
  checks: readonly ChannelCheck[],
  at: number,
  changes: AlarmTransition[],
): void {
  for (const check of checks) {
    const key = alarmKey(check);
    const alarm = open.get(key);
    if (!alarm || !check.breach || alarm.openedAt > at) continue;
    if (alarm.value !== null && severity(check) <= severityOf(alarm.alarmType, alarm.value, alarm.setValue)) continue;
    open.set(key, { ...alarm, value: check.value });
    changes.push({
      kind: 'update',
      alarmType: check.alarmType,
      channel: check.channel,
      at,
      value: check.value,
      level: alarm.level,
      bound: check.breach.bound,
    });
  }
}
