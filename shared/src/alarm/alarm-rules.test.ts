import { describe, expect, it } from 'vitest';
import { moldInfoSchema, type MoldInfo } from '../mold/mold-info.js';
import { AlarmType } from '../notices/notice.js';
import { withCorrectedTemperatures } from '../temperature/thermocouple.js';
import { emptyTracks, judgeReadings, type JudgedReading, type OpenAlarmState } from './alarm-judge.js';
import { batteryCheck, cycleChecks, offlineAfterSeconds, temperatureChecks, withGap } from './alarm-rules.js';

const info = (overrides: Partial<MoldInfo> = {}): MoldInfo =>
  moldInfoSchema.parse({
    mold_temp_setting: [
      { name: 'A', set: 60, alert: 5 },
      { name: 'B', set: 80, alert: 4 },
    ],
    hot_temp_setting: [
      { name: 'Nozzle', set: 230, alert: 10 },
      { name: '', set: 240, alert: 10 },
    ],
    cycle_time: 30,
    cycle_time_setting: { time: 120, alert: 5, early: 2 },
    ...overrides,
  });

describe('temperatureChecks', () => {
  it('judges each channel with a setting against set ± alert, naming hot runner channels by tag', () => {
    const checks = temperatureChecks(info(), {
      mold_temp: [66, 80, 99, null],
      hrs_temp: [229, 251, null, null, null, null],
    });
    expect(checks.map((check) => [check.channel, check.channelName, check.tempType, check.breach])).toEqual([
      ['mold_temp:1', 'T1', 1, { level: 'alert', bound: 65 }],
      ['mold_temp:2', 'T2', 1, null],
      ['hrs_temp:1', 'Nozzle', 2, null],
      ['hrs_temp:2', 'HR2', 2, { level: 'alert', bound: 250 }],
    ]);
  });

  it('breaches below the set value too, and the exact bound is still inside', () => {
    const [low] = temperatureChecks(info(), { mold_temp: [54.9] });
    expect(low?.breach).toEqual({ level: 'alert', bound: 55 });
    const [edge] = temperatureChecks(info(), { mold_temp: [65] });
    expect(edge?.breach).toBeNull();
    expect(edge?.clear).toBe(false);
  });

  it('clears only 1 °C inside the bound (hysteresis), at most half the alert temperature', () => {
    expect(temperatureChecks(info(), { mold_temp: [64.5] })[0]?.clear).toBe(false);
    expect(temperatureChecks(info(), { mold_temp: [64] })[0]?.clear).toBe(true);
    const narrow = info({ mold_temp_setting: [{ name: 'A', set: 60, alert: 1 }] });
    expect(temperatureChecks(narrow, { mold_temp: [60.6] })[0]?.clear).toBe(false);
    expect(temperatureChecks(narrow, { mold_temp: [60.5] })[0]?.clear).toBe(true);
  });

  it('honours the switches', () => {
    const off = info({ temp_switch: { mold_switch: 0, hrs_switch: 1 } });
    expect(temperatureChecks(off, { mold_temp: [99, 99], hrs_temp: [300] }).map((check) => check.channel)).toEqual([
      'hrs_temp:1',
    ]);
    const hotOff = info({ temp_switch: { mold_switch: 1, hrs_switch: 0 } });
    expect(temperatureChecks(hotOff, { mold_temp: [99], hrs_temp: [300] }).map((check) => check.channel)).toEqual([
      'mold_temp:1',
    ]);
  });

  it('skips channels without a set value or alert temperature, and falls back to the standard value', () => {
    const partial = info({
      mold_temp_setting: [{ name: 'A', set: null, alert: 5 }],
      temp_standard_value: { ...info().temp_standard_value, mold_temperature1: 50 },
      hot_temp_setting: [{ name: 'H', set: 200, alert: null }],
    });
    const checks = temperatureChecks(partial, { mold_temp: [56], hrs_temp: [900] });
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ channel: 'mold_temp:1', setValue: 50, breach: { bound: 55 } });
  });

  it('judges K thermocouples on the corrected reading (the ingest corrects it)', () => {
    const raw = { mold_temp: [70, null, null, null] };
    const corrected = withCorrectedTemperatures(raw, 'K');
    expect(corrected.mold_temp[0]).not.toBe(70);
    const k = info({ mold_temp_setting: [{ name: 'A', set: corrected.mold_temp[0]!, alert: 1 }] });
    expect(temperatureChecks(k, corrected)[0]?.breach).toBeNull();
    expect(temperatureChecks(k, raw)[0]?.breach).not.toBeNull();
  });
});

describe('cycleChecks', () => {
  const level = (cycle: number, overrides: Partial<MoldInfo> = {}) =>
    cycleChecks(info(overrides), { cycle_time: cycle }).find((check) => check.channel === 'cycle_time')?.breach
      ?.level ?? null;

  it('gives the early alert before the alert, both ways from the target', () => {
    expect([level(31.9), level(32.5), level(35.5), level(27.5), level(24)]).toEqual([
      null,
      'early',
      'alert',
      'early',
      'alert',
    ]);
  });

  it('does not judge a cycle longer than the cycle threshold, nor without a target or alert range', () => {
    expect(cycleChecks(info(), { cycle_time: 121 })).toEqual([]);
    expect(cycleChecks(info({ cycle_time: null }), { cycle_time: 50 })).toEqual([]);
    expect(level(50, { cycle_time_setting: { time: 120, alert: null, early: null } })).toBeNull();
  });

  it('works without an early alert, and clears inside the early band', () => {
    expect(level(33, { cycle_time_setting: { time: 120, alert: 5, early: null } })).toBeNull();
    const [inside] = cycleChecks(info(), { cycle_time: 31.5 });
    expect(inside?.clear).toBe(true);
    const [band] = cycleChecks(info(), { cycle_time: 31.8 });
    expect(band?.clear).toBe(false);
  });

  it('judges open and close times against their thresholds', () => {
    const checks = cycleChecks(info({ open_time_threshold: 5, close_time_threshold: 25 }), {
      open_time: 6,
      close_time: 20,
    });
    expect(checks.map((check) => [check.channel, check.breach?.bound ?? null, check.clear])).toEqual([
      ['open_time', 5, false],
      ['close_time', null, true],
    ]);
  });
});

describe('batteryCheck and offline interval', () => {
  it('is low below 20 % and clears at 25 %', () => {
    expect(batteryCheck(19)[0]?.breach).toEqual({ level: 'alert', bound: 20 });
    expect(batteryCheck(20)[0]?.breach).toBeNull();
    expect(batteryCheck(22)[0]?.clear).toBe(false);
    expect(batteryCheck(25)[0]?.clear).toBe(true);
    expect(batteryCheck(null)).toEqual([]);
  });

  it('learns the interval from the median gap, within the floor and the ceiling', () => {
    expect(offlineAfterSeconds([])).toBe(240);
    expect(offlineAfterSeconds([30, 30, 31, 29, 900])).toBe(180);
    expect(offlineAfterSeconds([300, 300, 310, 20])).toBe(1200);
    expect(offlineAfterSeconds([3000, 3000])).toBe(3600);
    const gaps = Array.from({ length: 20 }, (_, index) => index);
    expect(withGap(gaps, 99)).toHaveLength(16);
  });
});

const T0 = 1_800_000_000;
const cycle = (offset: number, temp: number, extra: Partial<JudgedReading> = {}): JudgedReading => ({
  ts: T0 + offset,
  event: 'cycle',
  cycle_time: 30,
  mold_temp: [temp, 80, null, null],
  ...extra,
});

function judge(readings: JudgedReading[], open = new Map<string, OpenAlarmState>(), monitored = true) {
  return judgeReadings({ info: info(), monitored, tracks: emptyTracks(), open, readings });
}

describe('judgeReadings', () => {
  it('opens after 3 readings beyond the bound, at the first one, with the worst value; closes inside the band', () => {
    const { changes, open } = judge([
      cycle(0, 60),
      cycle(30, 67),
      cycle(60, 70),
      cycle(90, 66),
      cycle(120, 64.5),
      cycle(150, 63.9),
    ]);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'open',
        channel: 'mold_temp:1',
        at: T0 + 30,
        value: 70,
        bound: 65,
        setValue: 60,
      }),
      expect.objectContaining({ kind: 'close', channel: 'mold_temp:1', at: T0 + 150 }),
    ]);
    expect(open.size).toBe(0);
  });

  it('does not open for a value that hovers at the bound (minimum duration), and keeps the streak across calls', () => {
    expect(judge([cycle(0, 66), cycle(30, 64), cycle(60, 66), cycle(90, 64)]).changes).toEqual([]);
    const first = judge([cycle(0, 66), cycle(30, 66)]);
    expect(first.changes).toEqual([]);
    const second = judgeReadings({
      info: info(),
      monitored: true,
      tracks: first.tracks,
      open: first.open,
      readings: [cycle(60, 67)],
    });
    expect(second.changes).toEqual([expect.objectContaining({ kind: 'open', at: T0 })]);
  });

  it('judges shuffled readings in time order: the same alarms', () => {
    const readings = [cycle(0, 60), cycle(30, 67), cycle(60, 70), cycle(90, 66), cycle(120, 60)];
    const ordered = judge(readings).changes;
    const shuffled = judge([readings[3]!, readings[0]!, readings[4]!, readings[2]!, readings[1]!]).changes;
    expect(shuffled).toEqual(ordered);
    expect(ordered.map((change) => change.kind)).toEqual(['open', 'close']);
  });

  it('orders the readings of one second by their seq, and a lower seq after a higher one is late', () => {
    const hot = cycle(60, 70, { seq: 3 });
    const cool = cycle(60, 60, { seq: 4 });
    const readings = [cycle(0, 70, { seq: 1 }), cycle(30, 70, { seq: 2 }), hot, cool];
    const ordered = judge(readings);
    expect(ordered.changes.map((change) => [change.kind, change.at])).toEqual([
      ['open', T0],
      ['close', T0 + 60],
    ]);
    expect(judge([cool, ...readings.slice(0, 3)]).changes).toEqual(ordered.changes);
    const coolFirst = judge([...readings.slice(0, 2), cool]);
    expect([coolFirst.tracks.lastTs, coolFirst.tracks.lastSeq]).toEqual([T0 + 60, 4]);
    const hotAfter = judgeReadings({
      info: info(),
      monitored: true,
      tracks: coolFirst.tracks,
      open: coolFirst.open,
      readings: [hot],
    });
    expect(hotAfter.changes).toEqual([]);
    expect(hotAfter.tracks.lastSeq).toBe(4);
  });

  it('updates the worst value and raises early to alert', () => {
    const { changes } = judge([
      cycle(0, 60, { cycle_time: 32.5 }),
      cycle(30, 60, { cycle_time: 32.6 }),
      cycle(60, 60, { cycle_time: 33 }),
      cycle(90, 60, { cycle_time: 36 }),
      cycle(120, 60, { cycle_time: 30 }),
    ]);
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'open', channel: 'cycle_time', level: 'early', at: T0, value: 32.6, bound: 32 }),
      expect.objectContaining({ kind: 'update', level: 'early', value: 33 }),
      expect.objectContaining({ kind: 'update', level: 'alert', value: 36, bound: 35 }),
      expect.objectContaining({ kind: 'close', at: T0 + 120 }),
    ]);
  });

  it('a heartbeat neither opens nor keeps production alarms; it judges the battery', () => {
    const heartbeat = (offset: number, battery: number): JudgedReading => ({
      ts: T0 + offset,
      event: 'heartbeat',
      mold_temp: [20, 20, null, null],
      battery,
    });
    const hot = judge([cycle(0, 70), cycle(30, 70), cycle(60, 70)]);
    const cold = judgeReadings({
      info: info(),
      monitored: true,
      tracks: hot.tracks,
      open: hot.open,
      readings: [heartbeat(120, 19), heartbeat(180, 18), heartbeat(240, 30)],
    });
    expect(cold.changes).toEqual([
      expect.objectContaining({ kind: 'close', channel: 'mold_temp:1', at: T0 + 120 }),
      expect.objectContaining({ kind: 'open', alarmType: AlarmType.power, at: T0 + 120, value: 18 }),
      expect.objectContaining({ kind: 'close', alarmType: AlarmType.power, at: T0 + 240 }),
    ]);
  });

  it('opens offline on power_off and closes it on the next reading with the silence', () => {
    const { changes, tracks } = judge([
      cycle(0, 60),
      { ts: T0 + 10, event: 'power_off' },
      { ts: T0 + 610, event: 'power_on' },
    ]);
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'open', alarmType: AlarmType.offline, channel: 'offline', at: T0 + 10 }),
      expect.objectContaining({ kind: 'close', alarmType: AlarmType.offline, at: T0 + 610, value: 600 }),
    ]);
    // The power-off gap does not teach the interval.
    expect(tracks.gaps).toEqual([10]);
  });

  it('a late reading only raises the worst value of an alarm open at its time', () => {
    const first = judge([cycle(0, 70), cycle(30, 70), cycle(60, 70), cycle(90, 70)]);
    const late = judgeReadings({
      info: info(),
      monitored: true,
      tracks: first.tracks,
      open: first.open,
      readings: [cycle(45, 80), cycle(-100, 90), cycle(50, 60)],
    });
    expect(late.changes).toEqual([expect.objectContaining({ kind: 'update', value: 80, at: T0 + 45 })]);
    expect(late.tracks.lastTs).toBe(T0 + 90);
  });

  it('an unmonitored mould raises nothing and closes what is open', () => {
    const first = judge([cycle(0, 70), cycle(30, 70), cycle(60, 70)]);
    const off = judgeReadings({
      info: info(),
      monitored: false,
      tracks: first.tracks,
      open: first.open,
      readings: [cycle(90, 90)],
    });
    expect(off.changes).toEqual([expect.objectContaining({ kind: 'close', at: T0 + 90 })]);
  });
});
