import { describe, expect, it } from 'vitest';
import { defaultMoldInfo, type MoldInfo } from '@mouldwatch/shared';
import { TEMPERATURE_LINE_COLOURS, alertBounds, temperatureChannels, temperatureMeasure } from './temperature';

const info: MoldInfo = {
  ...defaultMoldInfo(),
  mold_temp_setting: [
    { name: 'Core', set: 60, alert: 10 },
    { name: '', set: null, alert: null },
    { name: 'Cavity', set: 65.5, alert: 5 },
  ],
  hot_temp_setting: Array.from({ length: 6 }, (_, index) => ({ name: `Nozzle ${index + 1}`, set: 230, alert: 15 })),
};
const fallback = (channel: number) => `Mould ${channel}`;

describe('temperature channels', () => {
  it('are the shown channels in channel order, named as configured or by number', () => {
    const channels = temperatureChannels('mold', info, [3, 1, 2], fallback);
    expect(channels.map(({ number, key, name }) => ({ number, key, name }))).toEqual([
      { number: 1, key: 'mold_temperature1', name: 'Core' },
      { number: 2, key: 'mold_temperature2', name: 'Mould 2' },
      { number: 3, key: 'mold_temperature3', name: 'Cavity' },
    ]);
  });

  it('carry the set value and the alert bounds set ± alert, or none where not set', () => {
    const [core, unnamed, cavity] = temperatureChannels('mold', info, [1, 2, 3], fallback);
    expect(core).toMatchObject({ set: 60, alert: { low: 50, high: 70 } });
    expect(unnamed).toMatchObject({ set: null, alert: null });
    expect(cavity).toMatchObject({ set: 65.5, alert: { low: 60.5, high: 70.5 } });
    expect(alertBounds({ name: '', set: 60, alert: null })).toBeNull();
  });

  it('keep each channel’s colour of the eight, whichever others are shown', () => {
    const hotRunner = temperatureChannels('hrs', info, [6, 2], fallback);
    expect(hotRunner.map((channel) => channel.colour)).toEqual([
      TEMPERATURE_LINE_COLOURS[1],
      TEMPERATURE_LINE_COLOURS[5],
    ]);
    expect(new Set(TEMPERATURE_LINE_COLOURS).size).toBe(8);
  });

  it('ignore channel numbers the section does not have', () => {
    expect(temperatureChannels('mold', info, [0, 5], fallback)).toEqual([]);
  });
});

describe('temperature measures', () => {
  const [core] = temperatureChannels('mold', info, [1], fallback);
  const point = { t: 0, values: { mold_temperature1: 61.25 } };

  it('read °C as stored, one decimal', () => {
    const measure = temperatureMeasure(core!, 'C');
    expect(measure.read(point)).toBe(61.3);
    expect(measure.unit).toBe('°C');
  });

  it('read °F when the user switches', () => {
    const measure = temperatureMeasure(core!, 'F');
    expect(measure.read(point)).toBe(142.3);
    expect(measure.unit).toBe('°F');
    expect(measure.read({ t: 0, values: { mold_temperature1: null } })).toBeNull();
  });
});
