import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { completeForm } from './fixtures';
import { requestBody } from './formValues';
import { issueAt } from './steps';
import { temperatureMeasureAt, valuesInCelsius, valuesInUnit } from './temperatures';

beforeAll(() => initI18n());

/** A stored mould whose settings have two decimals, as the rule allows: °F cannot say them exactly. */
const stored = () => ({
  ...completeForm(),
  hot_temp_setting: [
    { name: 'H1', set: 230.26, alert: 10.04 },
    { name: 'H2', set: 200.3, alert: 2.5 },
  ],
  mold_temp_setting: [{ name: 'T1', set: 60, alert: 5 }],
});

describe('the mould form in °F', () => {
  it('shows set values as temperatures and alert bands as differences', () => {
    const shown = valuesInUnit(stored(), 'F');
    expect(shown.hot_temp_setting).toEqual([
      { name: 'H1', set: 446.5, alert: 18.1 },
      { name: 'H2', set: 392.5, alert: 4.5 },
    ]);
    expect(shown.mold_temp_setting).toEqual([{ name: 'T1', set: 140, alert: 9 }]);
    // Everything else stays as it is.
    expect(shown.cycle_time).toBe(32.5);
  });

  it('sends back untouched fields exactly as stored, and converts what the user typed', () => {
    const shown = valuesInUnit(stored(), 'F');
    expect(valuesInCelsius(shown, 'F', stored())).toEqual(stored());
    // 450 °F is 232.2222 °C: 232.2 °C shows as 450 °F again, so one decimal is enough.
    shown.hot_temp_setting![0] = { name: 'H1', set: 450, alert: 18.1 };
    const sent = valuesInCelsius(shown, 'F', stored());
    expect(sent.hot_temp_setting![0]).toEqual({ name: 'H1', set: 232.2, alert: 10.04 });
    expect(requestBody(sent)?.hot_temp_setting[0]).toEqual({ name: 'H1', set: 232.2, alert: 10.04 });
  });

  it('converts a new mould typed in °F (no stored values) and keeps empty channels empty', () => {
    const typed = {
      ...completeForm(),
      hot_temp_setting: [
        { name: 'H1', set: 446, alert: 18 },
        { name: '', set: null, alert: null },
      ],
    };
    expect(valuesInCelsius(typed, 'F').hot_temp_setting).toEqual([
      { name: 'H1', set: 230, alert: 10 },
      { name: '', set: null, alert: null },
    ]);
  });

  it('leaves °C alone both ways', () => {
    expect(valuesInUnit(stored(), 'C')).toEqual(stored());
    expect(valuesInCelsius(stored(), 'C', completeForm())).toEqual(stored());
  });

  it('knows which fields are temperatures, and of which measure', () => {
    expect(temperatureMeasureAt(['hot_temp_setting', 0, 'set'])).toBe('absolute');
    expect(temperatureMeasureAt(['mold_temp_setting', 3, 'alert'])).toBe('difference');
    expect(temperatureMeasureAt(['mold_temp_setting', 3, 'name'])).toBeUndefined();
    expect(temperatureMeasureAt(['cycle_time_setting', 'alert'])).toBeUndefined();
  });
});

describe('the shared bounds, in the user unit', () => {
  const withHot = (set: number | null, alert: number | null) => ({
    ...completeForm(),
    hot_temp_setting: [{ name: 'H1', set, alert }],
  });

  it('accepts the bounds themselves in °F: 33.8 to 932 °F, a band of 1.8 to 900 °F', () => {
    expect(issueAt(2, withHot(33.8, 1.8), ['hot_temp_setting', 0, 'set'], 'F')).toBeUndefined();
    expect(issueAt(2, withHot(932, 900), ['hot_temp_setting', 0, 'set'], 'F')).toBeUndefined();
    expect(issueAt(2, withHot(932, 900), ['hot_temp_setting', 0, 'alert'], 'F')).toBeUndefined();
  });

  it('names the bounds in °F when a value is outside them', () => {
    for (const set of [33.7, 932.1, 32, 0]) {
      expect(issueAt(2, withHot(set, 18), ['hot_temp_setting', 0, 'set'], 'F'), `${set} °F`).toEqual({
        path: ['hot_temp_setting', 0, 'set'],
        key: 'temperatureRange',
        values: { min: 33.8, max: 932, unit: '°F' },
      });
    }
    expect(issueAt(2, withHot(446, 1.7), ['hot_temp_setting', 0, 'alert'], 'F')?.values).toEqual({
      min: 1.8,
      max: 900,
      unit: '°F',
    });
  });

  it('names the bounds in °C for a °C user, and keeps °C to two decimals but °F to one', () => {
    expect(issueAt(2, withHot(501, 10), ['hot_temp_setting', 0, 'set'], 'C')?.values).toEqual({
      min: 1,
      max: 500,
      unit: '°C',
    });
    expect(issueAt(2, withHot(230.25, 10), ['hot_temp_setting', 0, 'set'], 'C')).toBeUndefined();
    expect(issueAt(2, withHot(446.25, 18), ['hot_temp_setting', 0, 'set'], 'F')?.key).toBe('oneDecimal');
  });

  it('says a missing value is required, whatever the unit', () => {
    expect(issueAt(2, withHot(446, null), ['hot_temp_setting', 0, 'alert'], 'F')?.key).toBe('required');
  });
});
