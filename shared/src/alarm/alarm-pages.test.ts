import { describe, expect, it } from 'vitest';
import { MenuId } from '../menu/menu-items.js';
import { alarmChannelText, alarmMenuOf, alarmValueKind, formatAlarmDuration, parseAlarmTypes } from './alarm-pages.js';

describe('alarm pages', () => {
  it('governs each type by its screen’s menu item; offline and power by the network page', () => {
    expect([1, 2, 3, 4, 5].map(alarmMenuOf)).toEqual([
      MenuId.alarmMaintenance,
      MenuId.alarmCycleTime,
      MenuId.alarmTemperature,
      MenuId.alarmNetwork,
      MenuId.alarmNetwork,
    ]);
    expect(alarmMenuOf(6)).toBeUndefined();
  });

  it('parses the alarm_type list strictly', () => {
    expect(parseAlarmTypes('3')).toEqual([3]);
    expect(parseAlarmTypes('4,5')).toEqual([4, 5]);
    expect(parseAlarmTypes('4, 4')).toEqual([4]);
    for (const bad of ['', '0', '6', '3,', 'a', '1.5', '-1']) expect(parseAlarmTypes(bad)).toBeUndefined();
  });

  it('reads values by channel', () => {
    expect(alarmValueKind('mold_temp:2')).toBe('temperature');
    expect(alarmValueKind('hrs_temp:6')).toBe('temperature');
    expect(alarmValueKind('battery')).toBe('percent');
    expect(alarmValueKind('task:9')).toBe('count');
    expect(alarmValueKind('cycle_time')).toBe('seconds');
    expect(alarmValueKind('offline')).toBe('seconds');
  });

  it('names channels by their configured name, else T / HR numbers, else the label', () => {
    const label = (key: string) => `<${key}>`;
    expect(alarmChannelText({ channel: 'hrs_temp:3', channel_name: 'Nozzle' }, label)).toBe('Nozzle');
    expect(alarmChannelText({ channel: 'hrs_temp:3', channel_name: '' }, label)).toBe('HR3');
    expect(alarmChannelText({ channel: 'mold_temp:1', channel_name: '' }, label)).toBe('T1');
    expect(alarmChannelText({ channel: 'open_time', channel_name: '' }, label)).toBe('<open_time>');
    expect(alarmChannelText({ channel: 'task:12', channel_name: '' }, label)).toBe('<task>');
    expect(alarmChannelText({ channel: 'strange', channel_name: '' }, label)).toBe('strange');
  });

  it('formats durations with days only when there are any', () => {
    expect(formatAlarmDuration(0)).toBe('00:00:00');
    expect(formatAlarmDuration(3725.9)).toBe('01:02:05');
    expect(formatAlarmDuration(2 * 86_400 + 59)).toBe('2d 00:00:59');
    expect(formatAlarmDuration(-5)).toBe('00:00:00');
  });
});
