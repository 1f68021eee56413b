import { describe, expect, it } from 'vitest';
import type { MoldDataRecord } from '@mouldwatch/shared';
import { isFiller, newestFirst, pointOfRecord, pointOfTimeState, withGapFillers, type Point } from './points';

const T0 = 1_780_000_000;
const at = (offset: number, value = 1): Point => ({ t: T0 + offset, values: { v: value } });
const times = (points: Point[]) => points.map((point) => (isFiller(point) ? `gap@${point.t - T0}` : point.t - T0));

describe('points of records', () => {
  it('flatten the one-key content of a mould data record', () => {
    const record: MoldDataRecord = {
      create_datetime: T0,
      content: [{ mold_temperature1: 61.2 }, { mold_temperature2: null }],
    };
    expect(pointOfRecord(record)).toEqual({ t: T0, values: { mold_temperature1: 61.2, mold_temperature2: null } });
  });

  it('keep the fractions of a time-state record', () => {
    const record = {
      create_datetime: T0,
      c_run_time: 0.5,
      c_idle_time: 0.5,
      c_alarm_time: 0,
      c_stop_time: 0,
      c_off_time: 0,
    };
    expect(pointOfTimeState(record)).toEqual({
      t: T0,
      values: { c_run_time: 0.5, c_idle_time: 0.5, c_alarm_time: 0, c_stop_time: 0, c_off_time: 0 },
    });
  });

  it('list newest first for the tables', () => {
    expect(times(newestFirst([at(0), at(120), at(60)]))).toEqual([120, 60, 0]);
  });
});

describe('gap fillers', () => {
  it('break real-time readings more than 10 minutes apart', () => {
    expect(times(withGapFillers([at(0), at(600), at(1201)], 'realtime'))).toEqual([0, 600, 'gap@900.5', 1201]);
  });

  it('break hourly points only past 60 minutes', () => {
    expect(times(withGapFillers([at(0), at(3600), at(3 * 3600)], 'hour'))).toEqual([0, 3600, 'gap@7200', 10800]);
  });

  it('keep a 25-hour day and a 31-day month joined, and break a missing one', () => {
    const day = 86_400;
    expect(times(withGapFillers([at(0), at(25 * 3600)], 'day'))).toEqual([0, 90_000]);
    expect(times(withGapFillers([at(0), at(2 * day)], 'day'))).toEqual([0, 'gap@86400', 2 * day]);
    expect(times(withGapFillers([at(0), at(31 * day), at(90 * day)], 'month'))).toHaveLength(4);
    expect(times(withGapFillers([at(0), at(7 * day), at(21 * day)], 'week'))).toEqual([
      0,
      7 * day,
      'gap@1209600',
      21 * day,
    ]);
  });
});
