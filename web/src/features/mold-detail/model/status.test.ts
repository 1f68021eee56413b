import { describe, expect, it } from 'vitest';
import { STATUS_PALETTE } from '@mouldwatch/shared';
import type { Point } from './points';
import { TIME_STATES, stateShares } from './status';

const slot = (t: number, run: number, idle: number, off = 1 - run - idle): Point => ({
  t,
  values: { c_run_time: run, c_idle_time: idle, c_alarm_time: 0, c_stop_time: 0, c_off_time: off },
});

describe('time states', () => {
  it('are the spec’s five in order, green, yellow, orange, grey and light grey', () => {
    expect(TIME_STATES.map(({ state, key, colour }) => [state, key, colour])).toEqual([
      ['run', 'c_run_time', STATUS_PALETTE.green],
      ['idle', 'c_idle_time', STATUS_PALETTE.yellow],
      ['alarm', 'c_alarm_time', STATUS_PALETTE.orange],
      ['stop', 'c_stop_time', STATUS_PALETTE.grey],
      ['off', 'c_off_time', STATUS_PALETTE.lightGrey],
    ]);
  });
});

describe('state shares', () => {
  const T0 = Date.parse('2026-02-01T00:00:00Z') / 1000;

  it('add up 5-minute slots alike', () => {
    const shares = stateShares([slot(T0, 1, 0), slot(T0 + 300, 0.5, 0.5)], 'realtime', 'UTC', T0 + 3600);
    expect(shares).toEqual({ run: 0.75, idle: 0.25, alarm: 0, stop: 0, off: 0 });
  });

  it('weigh each month by its length, never averaging percentages', () => {
    const march = Date.parse('2026-03-01T00:00:00Z') / 1000;
    const shares = stateShares([slot(T0, 1, 0), slot(march, 0, 1)], 'month', 'UTC', march + 40 * 86_400);
    expect(shares.run).toBeCloseTo(28 / 59);
    expect(shares.idle).toBeCloseTo(31 / 59);
  });

  it('count the bucket under way only up to now, and nothing without records', () => {
    const shares = stateShares([slot(T0, 1, 0), slot(T0 + 86_400, 0, 1)], 'day', 'UTC', T0 + 86_400 + 43_200);
    expect(shares.run).toBeCloseTo(2 / 3);
    expect(stateShares([], 'day', 'UTC', T0)).toEqual({ run: 0, idle: 0, alarm: 0, stop: 0, off: 0 });
  });
});
