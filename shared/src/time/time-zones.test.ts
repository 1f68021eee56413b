import { describe, expect, it } from 'vitest';
import { formatUtcOffset, matchesTimeZoneSearch, parseTimeZoneHeader, timeZoneOptions } from './time-zones.js';
import { LANGUAGES } from '../i18n/languages.js';

describe('time-zone options', () => {
  it('run from UTC-12 to UTC+14 including +5:30, in order', () => {
    const values = timeZoneOptions('en').map((option) => option.value);
    expect(values[0]).toBe(-12);
    expect(values.at(-1)).toBe(14);
    expect(values).toContain(5.5);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
  it('name every city in four languages with a known IANA zone', () => {
    for (const language of LANGUAGES) {
      for (const option of timeZoneOptions(language)) {
        expect(option.city).not.toBe('');
        expect(() => new Intl.DateTimeFormat('en', { timeZone: option.zone })).not.toThrow();
      }
    }
    expect(timeZoneOptions('zh').find((option) => option.value === 8)?.label).toBe('(UTC+08:00) 北京');
    expect(timeZoneOptions('en').find((option) => option.value === 5.5)?.label).toBe('(UTC+05:30) New Delhi');
  });
  it('formats offsets', () => {
    expect(formatUtcOffset(-12)).toBe('-12:00');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(formatUtcOffset(5.5)).toBe('+05:30');
  });
});

describe('the Time-Zone header', () => {
  it('takes an IANA name or an offset in hours', () => {
    expect(parseTimeZoneHeader('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(parseTimeZoneHeader('8')).toBe('Etc/GMT-8');
    expect(parseTimeZoneHeader('-3')).toBe('Etc/GMT+3');
    expect(parseTimeZoneHeader('0')).toBe('UTC');
    expect(parseTimeZoneHeader('5.5')).toBe('Asia/Kolkata');
  });
  it('ignores what it cannot read', () => {
    expect(parseTimeZoneHeader('Mars/Base')).toBeUndefined();
    expect(parseTimeZoneHeader('15')).toBeUndefined();
    expect(parseTimeZoneHeader(undefined)).toBeUndefined();
  });
});

describe('time-zone search', () => {
  const option = (zone: string, language: 'en' | 'zh' = 'en') =>
    timeZoneOptions(language).find((candidate) => candidate.zone === zone)!;

  it('ignores accents and case, and finds other cities on the offset', () => {
    expect(matchesTimeZoneSearch(option('America/Sao_Paulo'), 'Sao Paulo')).toBe(true);
    expect(matchesTimeZoneSearch(option('America/Sao_Paulo'), 'são')).toBe(true);
    expect(matchesTimeZoneSearch(option('Asia/Shanghai'), 'Shanghai')).toBe(true);
    expect(matchesTimeZoneSearch(option('Asia/Shanghai'), 'shenzhen')).toBe(true);
    expect(matchesTimeZoneSearch(option('Europe/Berlin'), 'Zurich')).toBe(true);
    expect(matchesTimeZoneSearch(option('Europe/Berlin'), 'Shanghai')).toBe(false);
  });

  it('finds a zone by its city in another language than the interface', () => {
    expect(matchesTimeZoneSearch(option('Asia/Shanghai'), 'Beijing')).toBe(true);
    expect(matchesTimeZoneSearch(option('Asia/Shanghai', 'zh'), 'Beijing')).toBe(true);
    expect(matchesTimeZoneSearch(option('Asia/Shanghai'), '北京')).toBe(true);
    expect(matchesTimeZoneSearch(option('Asia/Shanghai'), '+08')).toBe(true);
  });
});
