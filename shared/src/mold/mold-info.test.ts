import { describe, expect, it } from 'vitest';
import { defaultMoldInfo, moldInfoSchema } from './mold-info.js';

describe('mould info', () => {
  it('defaults to the spec record: empty settings, counters 0, both temperature switches on', () => {
    const info = defaultMoldInfo();
    expect(info).toMatchObject({
      project_name: '',
      part_id: '',
      start_count: 0,
      counter: 0,
      maint_interval: null,
      oee: null,
      cycle_time: null,
      basic_time: null,
      basic_stop_time: null,
      cycle_time_setting: { time: null, alert: null, early: null },
      temp_switch: { hrs_switch: 1, mold_switch: 1 },
      voltage: null,
    });
    expect(Object.keys(info.temp_standard_value)).toEqual([
      'mold_temperature1',
      'mold_temperature2',
      'mold_temperature3',
      'mold_temperature4',
      'hrs_temperature1',
      'hrs_temperature2',
      'hrs_temperature3',
      'hrs_temperature4',
      'hrs_temperature5',
      'hrs_temperature6',
    ]);
    expect(Object.values(info.temp_standard_value).every((value) => value === null)).toBe(true);
    expect(info.hot_temp_setting).toEqual([
      { name: '', set: null, alert: null },
      { name: '', set: null, alert: null },
    ]);
    expect(info.mold_temp_setting).toHaveLength(2);
  });

  it('fills what a stored object lacks and keeps what it has', () => {
    const info = moldInfoSchema.parse({ voltage: 380, temp_standard_value: { hrs_temperature2: 230 } });
    expect(info.voltage).toBe(380);
    expect(info.temp_standard_value.hrs_temperature2).toBe(230);
    expect(info.temp_standard_value.mold_temperature1).toBeNull();
    expect(info.temp_switch).toEqual({ hrs_switch: 1, mold_switch: 1 });
  });

  it('hands out a fresh default each time, so one mould cannot change another', () => {
    const first = defaultMoldInfo();
    first.hot_temp_setting.push({ name: 'T3', set: 220, alert: 10 });
    first.temp_standard_value.mold_temperature1 = 50;
    expect(defaultMoldInfo().hot_temp_setting).toHaveLength(2);
    expect(defaultMoldInfo().temp_standard_value.mold_temperature1).toBeNull();
  });

  it.each([
    [{ oee: 1.5 }, 'oee'],
    [{ start_count: -1 }, 'start_count'],
    [{ temp_switch: { hrs_switch: 2, mold_switch: 1 } }, 'temp_switch'],
    [{ mold_temp_setting: Array.from({ length: 5 }, () => ({})) }, 'mold_temp_setting'],
    [{ hot_temp_setting: [{ name: 'x'.repeat(16) }] }, 'hot_temp_setting'],
  ])('refuses %j', (input, field) => {
    const result = moldInfoSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});
