import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDLE_SECONDS,
  DEFAULT_STOP_SECONDS,
  OFFLINE_AFTER_SECONDS,
  classifyMould,
  energyKwh,
  onlineSeconds,
  slotFractions,
  slotsCovered,
  stateThresholds,
  stateTimeline,
  type ClassifyInput,
} from './mold-state.js';

const T0 = 1_700_000_100; // a slot start (divisible by 300)
const mould = (overrides: Partial<ClassifyInput> = {}): ClassifyInput => ({
  now: T0,
  lastCycleAt: T0,
  lastSeenAt: T0,
  offlineAfterSeconds: 180,
  basicIdleSeconds: 120,
  basicStopSeconds: 600,
  alarmActive: false,
  poweredOff: false,
  ...overrides,
});

describe('classifyMould', () => {
  it('runs while cycles come within the base idle time, up to exactly that time', () => {
    expect(classifyMould(mould())).toBe('run');
    expect(classifyMould(mould({ lastCycleAt: T0 - 120 }))).toBe('run');
  });

  it('is idle past the base idle time and stopped past the base stop time', () => {
    expect(classifyMould(mould({ lastCycleAt: T0 - 121 }))).toBe('idle');
    expect(classifyMould(mould({ lastCycleAt: T0 - 600 }))).toBe('idle');
    expect(classifyMould(mould({ lastCycleAt: T0 - 601 }))).toBe('stop');
  });

  it('is standby while online before its first cycle', () => {
    expect(classifyMould(mould({ lastCycleAt: null }))).toBe('stby');
  });

  it('shows an active alarm over run, idle and stop', () => {
    expect(classifyMould(mould({ alarmActive: true }))).toBe('alarm');
    expect(classifyMould(mould({ alarmActive: true, lastCycleAt: T0 - 601 }))).toBe('alarm');
  });

  it('is off after power_off, when never seen, or silent longer than the offline time', () => {
    expect(classifyMould(mould({ poweredOff: true }))).toBe('off');
    expect(classifyMould(mould({ lastSeenAt: null, lastCycleAt: null }))).toBe('off');
    expect(classifyMould(mould({ lastSeenAt: T0 - 180 }))).not.toBe('off');
    expect(classifyMould(mould({ lastSeenAt: T0 - 181, alarmActive: true }))).toBe('off');
  });
});

describe('stateThresholds', () => {
  it('takes the base times from the settings and fills empty ones with defaults', () => {
    expect(stateThresholds({ basic_time: 90, basic_stop_time: 900 })).toEqual({
      offlineAfterSeconds: OFFLINE_AFTER_SECONDS,
      basicIdleSeconds: 90,
      basicStopSeconds: 900,
    });
    expect(stateThresholds({ basic_time: null, basic_stop_time: null })).toMatchObject({
      basicIdleSeconds: DEFAULT_IDLE_SECONDS,
      basicStopSeconds: DEFAULT_STOP_SECONDS,
    });
  });
});

describe('stateTimeline', () => {
  it('passes from run to idle to stop to off where each threshold runs out', () => {
    const { now: _now, ...observation } = mould({ lastSeenAt: T0 + 400 });
    expect(stateTimeline(observation, T0, T0 + 1000)).toEqual([
      { start: T0, end: T0 + 120, state: 'run' },
      { start: T0 + 120, end: T0 + 580, state: 'idle' },
      { start: T0 + 580, end: T0 + 1000, state: 'off' },
    ]);
  });

  it('is one interval when nothing runs out', () => {
    const { now: _now, ...observation } = mould();
    expect(stateTimeline(observation, T0, T0 + 60)).toEqual([{ start: T0, end: T0 + 60, state: 'run' }]);
  });
});

describe('slotFractions', () => {
  it('splits a slot across three states', () => {
    const intervals = [
      { start: T0 - 50, end: T0 + 150, state: 'run' as const },
      { start: T0 + 150, end: T0 + 240, state: 'stby' as const },
      { start: T0 + 240, end: T0 + 400, state: 'stop' as const },
    ];
    const fractions = slotFractions(intervals, T0);
    expect(fractions).toEqual({ c_run_time: 0.5, c_idle_time: 0.3, c_alarm_time: 0, c_stop_time: 0.2, c_off_time: 0 });
    expect(slotsCovered(intervals)).toEqual([T0 - 300, T0, T0 + 300]);
  });

  it('counts time no interval covers as off, so an empty slot is all off', () => {
    expect(slotFractions([], T0)).toEqual({
      c_run_time: 0,
      c_idle_time: 0,
      c_alarm_time: 0,
      c_stop_time: 0,
      c_off_time: 1,
    });
    const half = slotFractions([{ start: T0, end: T0 + 150, state: 'alarm' }], T0);
    expect(half).toMatchObject({ c_alarm_time: 0.5, c_off_time: 0.5 });
  });

  it('sums to 1 for a scripted timeline', () => {
    const { now: _now, ...observation } = mould({ lastSeenAt: T0 + 200 });
    const fractions = slotFractions(stateTimeline(observation, T0 + 10, T0 + 290), T0);
    expect(Object.values(fractions).reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 10);
    expect(fractions.c_run_time).toBeCloseTo(110 / 300, 10);
  });
});

describe('energyKwh', () => {
  it('is volts times amperes times hours over 1000', () => {
    expect(energyKwh(380, 10, 3600)).toBeCloseTo(3.8, 10);
    expect(energyKwh(220, 5, 1800)).toBeCloseTo(0.55, 10);
  });

  it('draws only while online: the seconds of a slot in any state but off', () => {
    const fractions = slotFractions([{ start: T0, end: T0 + 200, state: 'stop' }], T0);
    expect(onlineSeconds(fractions)).toBeCloseTo(200, 10);
  });
});
