import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@mouldwatch/shared';
import { appendToBuffer, lastCounter, pointOfReading, readingOf, type LiveReading } from './liveReadings';

const T0 = 1_780_000_000;
const reading = (extra: Partial<LiveReading> = {}): LiveReading => ({ seq: 1, ts: T0, create_datetime: T0, ...extra });
const info = (data: unknown, moldId = 7, code = 200): LiveServerMessage => ({
  type: 'info',
  code,
  mold_id: moldId,
  data,
});

describe('live readings', () => {
  it('are taken from info messages of the followed mould only', () => {
    expect(readingOf(info(reading()), 7)).toMatchObject({ create_datetime: T0 });
    expect(readingOf(info(reading(), 8), 7)).toBeUndefined();
    expect(readingOf(info(undefined), 7)).toBeUndefined();
    expect(readingOf(info(undefined, 7, 6000), 7)).toBeUndefined();
    expect(readingOf({ type: 'ping', message: 'pong', messageCount: 0, countedThrough: 0 }, 7)).toBeUndefined();
  });

  it('add temperatures to one decimal, missing channels empty', () => {
    const point = pointOfReading('moldTemperature', reading({ mold_temp: [61.26, null, 59, null] }), null);
    expect(point).toEqual({
      t: T0,
      values: { mold_temperature1: 61.3, mold_temperature2: null, mold_temperature3: 59, mold_temperature4: null },
    });
    expect(pointOfReading('hotRunnerTemperature', reading({ mold_temp: [1, 2, 3, 4] }), null)).toBeUndefined();
  });

  it('add the counter with the shots since the last one, and only on cycles', () => {
    expect(pointOfReading('moldCycleCounter', reading({ counter: 105, event: 'cycle' }), 101)?.values).toEqual({
      counter: 105,
      shots: 4,
    });
    expect(pointOfReading('moldCycleCounter', reading({ counter: 105 }), null)?.values).toEqual({
      counter: 105,
      shots: 0,
    });
    expect(pointOfReading('moldCycleCounter', reading({ counter: 105, event: 'heartbeat' }), 101)).toBeUndefined();
  });

  it('add cycle, open and close times of a cycle', () => {
    const point = pointOfReading('moldCycleTimer', reading({ cycle_time: 31.5, open_time: 4.2, event: 'cycle' }), null);
    expect(point?.values).toEqual({ cycle_time: 31.5, open_time: 4.2, close_time: null });
    expect(pointOfReading('moldCycleTimer', reading({ event: 'cycle' }), null)).toBeUndefined();
  });

  it('leave energy to the server’s slots', () => {
    expect(pointOfReading('energyList', reading({ current: 12 }), null)).toBeUndefined();
  });
});

describe('the real-time buffer', () => {
  const at = (offset: number, counter = offset) => ({ t: T0 + offset, values: { counter } });

  it('keeps time order, replaces a point at the same time and drops what is older than the window', () => {
    const buffer = [at(0), at(600), at(1200)];
    expect(appendToBuffer(buffer, at(900), 1800).map((point) => point.t - T0)).toEqual([0, 600, 900, 1200]);
    expect(appendToBuffer(buffer, at(600, 5), 1800)[1]).toEqual(at(600, 5));
    expect(appendToBuffer(buffer, at(2400), 1800).map((point) => point.t - T0)).toEqual([1200, 2400]);
  });

  it('finds the last counter to count shots from', () => {
    expect(lastCounter([at(0, 10), { t: T0 + 1, values: { counter: null } }])).toBe(10);
    expect(lastCounter([])).toBeNull();
    // Written again over a first read that holds it already, a reading counts from the one before.
    expect(lastCounter([at(0, 10), at(60, 13)], T0 + 60)).toBe(10);
  });
});
