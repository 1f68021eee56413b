import {
  HOT_RUNNER_TEMPERATURE_KEYS,
  MOLD_TEMPERATURE_KEYS,
  displayTemperature,
  temperatureUnitLabel,
  type MoldInfo,
  type TemperatureSetting,
  type TemperatureUnit,
} from '@mouldwatch/shared';
import type { Measure } from './measures';

/** The spec's eight temperature line colours; channel n always draws in colour n. */
export const TEMPERATURE_LINE_COLOURS = [
  '#1f6feb',
  '#e8590c',
  '#2f9e44',
  '#c2255c',
  '#7048e8',
  '#0c8599',
  '#a07800',
  '#5c5f66',
] as const;

/** Mould temperatures (channels 1–4) or hot runner temperatures (1–6). */
export type ChannelSection = 'mold' | 'hrs';

const SECTIONS: Record<ChannelSection, { keys: readonly string[]; settings(info: MoldInfo): TemperatureSetting[] }> = {
  mold: { keys: MOLD_TEMPERATURE_KEYS, settings: (info) => info.mold_temp_setting },
  hrs: { keys: HOT_RUNNER_TEMPERATURE_KEYS, settings: (info) => info.hot_temp_setting },
};

/** A shown channel: its reading key, its configured name, and its set value and alert bounds in °C. */
export interface TemperatureChannel {
  number: number;
  key: string;
  name: string;
  colour: string;
  set: number | null;
  alert: { low: number; high: number } | null;
}

/**
 * The alert temperature of a channel is how far a reading may stray from the set value (the
 * demo's moulds set 10 against set values of 40–270 °C), so its lines sit at set ± alert.
 */
export function alertBounds(setting: TemperatureSetting | undefined): TemperatureChannel['alert'] {
  if (typeof setting?.set !== 'number' || typeof setting.alert !== 'number') return null;
  return { low: setting.set - setting.alert, high: setting.set + setting.alert };
}

/** The channels to show, in channel order, named as configured (else by `fallbackName`). */
export function temperatureChannels(
  section: ChannelSection,
  info: MoldInfo,
  shown: readonly number[],
  fallbackName: (channel: number) => string,
): TemperatureChannel[] {
  const { keys, settings } = SECTIONS[section];
  return [...shown]
    .sort((a, b) => a - b)
    .filter((channel) => channel >= 1 && channel <= keys.length)
    .map((channel) => {
      const setting = settings(info)[channel - 1];
      return {
        number: channel,
        key: keys[channel - 1]!,
        name: setting?.name.trim() || fallbackName(channel),
        colour: TEMPERATURE_LINE_COLOURS[(channel - 1) % TEMPERATURE_LINE_COLOURS.length]!,
        set: setting?.set ?? null,
        alert: alertBounds(setting),
      };
    });
}

/** A channel's readings (stored in °C) in the user's unit. */
export function temperatureMeasure(channel: TemperatureChannel, unit: TemperatureUnit): Measure {
  return {
    key: channel.key,
    label: channel.name,
    unit: temperatureUnitLabel(unit),
    decimals: 1,
    colour: channel.colour,
    read: (point) => displayTemperature(point.values[channel.key] ?? null, unit),
  };
}
