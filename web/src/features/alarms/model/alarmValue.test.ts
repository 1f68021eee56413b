import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_TAGS, type Language } from '@mouldwatch/shared';
import { dayWindow, formatAlarmValue, maintenanceAlarmText } from './alarmValue';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';
import { kor } from '../i18n/kor';
import { por } from '../i18n/por';

const CATALOGS = { en, zh, kor, por };

/** The alarm pages' texts of a language through i18next itself, as the console loads them. */
async function textsOf(language: Language) {
  const { createInstance } = await import('i18next');
  const instance = createInstance();
  await instance.init({ lng: language, resources: { [language]: { alarms: CATALOGS[language] } } });
  // The console's typed keys do not cover a bare instance's namespaces.
  const translate = instance.t as unknown as (key: string, options: { count: number; n: string }) => string;
  const numbers = new Intl.NumberFormat(LANGUAGE_TAGS[language]);
  return (value: number | null, unit: 'cycles' | 'days' | null) =>
    maintenanceAlarmText({ value, unit }, (key, options) => translate(`alarms:${key}`, options), numbers);
}

describe('maintenanceAlarmText', () => {
  it('says a maintenance alarm as the schedule does, in its unit and the user’s number format', async () => {
    const english = await textsOf('en');
    expect(english(-1486, 'cycles')).toBe('1,486 cycles over');
    expect(english(-3, 'days')).toBe('3 days over');
    expect(english(-1, 'days')).toBe('1 day over');
    expect(english(120, 'cycles')).toBe('120 cycles left');
    expect(english(1, 'cycles')).toBe('1 cycle left');
    expect(english(0, 'days')).toBe('0 days left');
    expect((await textsOf('zh'))(-1486, 'cycles')).toBe('超出 1,486 模次');
    expect((await textsOf('kor'))(-3, 'days')).toBe('3일 초과');
    expect((await textsOf('por'))(-1486, 'cycles')).toBe('1.486 ciclos em atraso');
    expect((await textsOf('por'))(1, 'days')).toBe('1 dia restante');
  });

  it('has every form in the four languages, different from the key', async () => {
    for (const language of LANGUAGES) {
      const say = await textsOf(language);
      for (const [value, unit] of [
        [-5, 'cycles'],
        [-5, 'days'],
        [5, 'cycles'],
        [5, 'days'],
      ] as const) {
        expect(say(value, unit)).toMatch(/5/);
        expect(say(value, unit)).not.toContain('maintenance.');
      }
    }
  });

  it('leaves an alarm without a unit (stored before alarms had one) to the plain count', async () => {
    const english = await textsOf('en');
    expect(english(-20, null)).toBeNull();
    expect(english(null, 'cycles')).toBeNull();
  });
});

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
