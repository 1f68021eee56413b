import { describe, expect, it } from 'vitest';
import { dayWindow, formatAlarmValue } from './alarmValue';

describe('formatAlarmValue', () => {
  it('shows temperatures in the user’s unit with one decimal', () => {
    expect(formatAlarmValue('mold_temp:1', 100, 'C')).toBe('100.0 °C');
    expect(formatAlarmValue('hrs_temp:2', 100, 'F')).toBe('212.0 °F');
    expect(formatAlarmValue('hrs_temp:2', -40.75, 'F')).toBe('-41.4 °F');
  });

  it('shows seconds, percent and counts as they are', () => {
    expect(formatAlarmValue('cycle_time', 31.25, 'F')).toBe('31.3 s');
    expect(formatAlarmValue('offline', 540, 'C')).toBe('540 s');
    expect(formatAlarmValue('battery', 15, 'C')).toBe('15 %');
    expect(formatAlarmValue('task:4', -120, 'C')).toBe('-120');
    expect(formatAlarmValue('mold_temp:1', null, 'C')).toBe('–');
  });
});

describe('dayWindow', () => {
  it('spans whole days of the user’s zone', () => {
    // Kolkata is UTC+5:30: its 10 March starts at 9 March 18:30 UTC.
    const window = dayWindow({ year: 2026, month: 3, day: 10 }, { year: 2026, month: 3, day: 11 }, 'Asia/Kolkata');
    expect(window.start).toBe(Date.UTC(2026, 2, 9, 18, 30) / 1000);
    expect(window.end).toBe(Date.UTC(2026, 2, 11, 18, 30) / 1000 - 1);
  });

  it('follows a day of 23 hours', () => {
    const window = dayWindow({ year: 2026, month: 3, day: 29 }, { year: 2026, month: 3, day: 29 }, 'Europe/Berlin');
    expect(window.end - window.start + 1).toBe(23 * 3600);
  });
});
