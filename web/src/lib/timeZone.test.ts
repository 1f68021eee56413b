import { describe, expect, it } from 'vitest';
import { activeTimeZoneOption, timeZoneChoices, timeZoneLabel } from './timeZone';

describe('the active time zone', () => {
  it.each([
    ['UTC', 0, '(UTC+00:00) UTC'],
    ['Europe/Paris', 1, '(UTC+01:00) Europe/Paris'],
    ['Europe/London', 0, '(UTC+00:00) London'],
    ['Asia/Kolkata', 5.5, '(UTC+05:30) New Delhi'],
  ])('%s: the header names the zone the picker selects', (zone, offset, label) => {
    expect(timeZoneLabel('en', zone, offset)).toBe(label);
    expect(activeTimeZoneOption('en', zone, offset)).toMatchObject({ zone, label });
  });

  it('is offered first when the picker has no such zone, in every language', () => {
    const [first, second] = timeZoneChoices('zh', 'UTC', 0);
    expect(first).toMatchObject({ zone: 'UTC', value: 0, label: '(UTC+00:00) UTC' });
    expect(second).toMatchObject({ zone: 'Etc/GMT+12', label: '(UTC-12:00) 贝克岛' });
    expect(timeZoneChoices('zh', 'Asia/Shanghai', 8)).toHaveLength(28);
    expect(timeZoneLabel('zh', 'Asia/Shanghai', 8)).toBe('(UTC+08:00) 北京');
  });
});
