import { describe, expect, it } from 'vitest';
import {
  displayTemperature,
  roundToTenth,
  settingFromUnit,
  settingInUnit,
  temperatureUnitLabel,
  toFahrenheit,
} from './units.js';

describe('roundToTenth', () => {
  it('rounds halves away from zero on both sides of zero', () => {
    expect(roundToTenth(0.25)).toBe(0.3);
    expect(roundToTenth(-0.25)).toBe(-0.3);
    expect(roundToTenth(1.24)).toBe(1.2);
    expect(roundToTenth(-1.24)).toBe(-1.2);
    expect(roundToTenth(-1.26)).toBe(-1.3);
  });

  it('rounds decimal halves that binary floating point computes just below the half', () => {
    expect(roundToTenth(-41.349999999999994)).toBe(-41.4);
    expect(roundToTenth(21.549999999999997)).toBe(21.6);
  });

  it('never answers −0', () => {
    expect(Object.is(roundToTenth(-0.04), 0)).toBe(true);
  });
});

describe('toFahrenheit', () => {
  it('is °C × 9/5 + 32 at the fixed points', () => {
    expect(toFahrenheit(0)).toBe(32);
    expect(toFahrenheit(100)).toBe(212);
    expect(toFahrenheit(-40)).toBe(-40);
  });

  it('rounds to one decimal, halves away from zero, below 0 °F too', () => {
    expect(toFahrenheit(36.6)).toBe(97.9); // 97.88
    expect(toFahrenheit(20.25)).toBe(68.5); // 68.45
    expect(toFahrenheit(-40.25)).toBe(-40.5); // −40.45
    expect(toFahrenheit(-17.8)).toBe(0); // −0.04
  });

  it('rounds halves the decimal way even where binary arithmetic lands just short of them', () => {
    expect(toFahrenheit(-40.75)).toBe(-41.4); // computed as −41.349999999999994
    expect(toFahrenheit(-29.75)).toBe(-21.6); // computed as −21.549999999999997
  });
});

describe('displayTemperature', () => {
  it('shows °C to one decimal and converts for °F', () => {
    expect(displayTemperature(36.65, 'C')).toBe(36.7);
    expect(displayTemperature(-3.25, 'C')).toBe(-3.3);
    expect(displayTemperature(36.65, 'F')).toBe(98);
  });

  it('keeps a missing value missing', () => {
    expect(displayTemperature(null, 'C')).toBeNull();
    expect(displayTemperature(null, 'F')).toBeNull();
  });
});

describe('temperatureUnitLabel', () => {
  it('names each unit with its degree sign', () => {
    expect(temperatureUnitLabel('C')).toBe('°C');
    expect(temperatureUnitLabel('F')).toBe('°F');
  });
});

describe('settings in the user unit', () => {
  it('converts a set value as a temperature and an alert band as a difference (no + 32)', () => {
    expect(settingInUnit(230, 'F', 'absolute')).toBe(446);
    expect(settingInUnit(10, 'F', 'difference')).toBe(18);
    expect(settingInUnit(0.25, 'F', 'difference')).toBe(0.5); // 0.45
    expect(settingFromUnit(446, 'F', 'absolute')).toBe(230);
    expect(settingFromUnit(18, 'F', 'difference')).toBe(10);
    expect(settingFromUnit(9, 'F', 'difference')).toBe(5);
  });

  it('leaves °C as it is, two decimals included', () => {
    expect(settingInUnit(230.25, 'C', 'absolute')).toBe(230.25);
    expect(settingFromUnit(230.25, 'C', 'difference')).toBe(230.25);
  });

  it('takes the °C with the fewest decimals that shows again as the typed °F', () => {
    expect(settingFromUnit(392.5, 'F', 'absolute')).toBe(200.3); // 200.2777…, and 200.3 °C shows as 392.5 °F
    expect(settingFromUnit(392.6, 'F', 'absolute')).toBe(200.33); // no one-decimal °C shows as 392.6 °F
    expect(settingFromUnit(33.8, 'F', 'absolute')).toBe(1);
    expect(settingFromUnit(932, 'F', 'absolute')).toBe(500);
    expect(settingFromUnit(1.8, 'F', 'difference')).toBe(1);
  });

  it('gives back every °F tenth typed, through the °C sent, in both measures', () => {
    for (const measure of ['absolute', 'difference'] as const) {
      for (let tenths = 0; tenths <= 9400; tenths += 1) {
        const typed = tenths / 10;
        const celsius = settingFromUnit(typed, 'F', measure);
        expect(decimalsOf(celsius), `${typed} °F`).toBeLessThanOrEqual(2);
        expect(settingInUnit(celsius, 'F', measure), `${typed} °F → ${celsius} °C`).toBe(typed);
      }
    }
  });

  it('gives back every one-decimal °C setting from 1 to 500 through its °F, in both measures', () => {
    for (const measure of ['absolute', 'difference'] as const) {
      for (let tenths = 10; tenths <= 5000; tenths += 1) {
        const stored = tenths / 10;
        expect(settingFromUnit(settingInUnit(stored, 'F', measure), 'F', measure), `${stored} °C`).toBe(stored);
      }
    }
  });
});

const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;
