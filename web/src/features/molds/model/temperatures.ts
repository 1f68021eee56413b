import {
  TEMPERATURE_SETTING_RANGE,
  decimalPlaces,
  settingFromUnit,
  settingInUnit,
  temperatureUnitLabel,
  type TemperatureMeasure,
  type TemperatureUnit,
} from '@mouldwatch/shared';
import type { MoldFormValues } from './formValues';

/** The form's temperature channel lists (steps 3 and 4). */
export const CHANNEL_LISTS = ['hot_temp_setting', 'mold_temp_setting'] as const;
type ChannelList = (typeof CHANNEL_LISTS)[number];
type Channel = NonNullable<MoldFormValues[ChannelList]>[number];

/** A channel's set value is a temperature; its alert is a band ± around it, a difference. */
const MEASURES = { set: 'absolute', alert: 'difference' } as const satisfies Record<string, TemperatureMeasure>;
type ChannelPart = keyof typeof MEASURES;

/** The measure of the field at `path` when it is a channel's temperature, else undefined. */
export function temperatureMeasureAt(path: ReadonlyArray<string | number>): TemperatureMeasure | undefined {
  const [list, index, part] = path;
  if (path.length !== 3 || !CHANNEL_LISTS.includes(list as ChannelList) || typeof index !== 'number') return undefined;
  return Object.hasOwn(MEASURES, part as string) ? MEASURES[part as ChannelPart] : undefined;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function mapChannels(
  values: MoldFormValues,
  convert: (value: number, list: ChannelList, index: number, part: ChannelPart) => number,
): MoldFormValues {
  const converted: MoldFormValues = { ...values };
  for (const list of CHANNEL_LISTS) {
    const channels = values[list];
    if (!Array.isArray(channels)) continue;
    converted[list] = channels.map((channel: Channel, index) => {
      if (!channel) return channel;
      const next = { ...channel };
      for (const part of Object.keys(MEASURES) as ChannelPart[]) {
        const value = channel[part];
        if (isNumber(value)) next[part] = convert(value, list, index, part);
      }
      return next;
    });
  }
  return converted;
}

/** The form's values (°C, as stored) with the channels' temperatures in the user's unit. */
export const valuesInUnit = (celsius: MoldFormValues, unit: TemperatureUnit): MoldFormValues =>
  mapChannels(celsius, (value, _list, _index, part) => settingInUnit(value, unit, MEASURES[part]));

/**
 * The form's values with the channels' temperatures back in °C for the API. A field that still
 * shows what it showed when the form opened is sent as stored (`stored`, in °C): °F has one decimal,
 * so converting it back could move a stored setting by a few hundredths the user never touched.
 */
export function valuesInCelsius(shown: MoldFormValues, unit: TemperatureUnit, stored?: MoldFormValues): MoldFormValues {
  if (unit === 'C') return shown;
  return mapChannels(shown, (value, list, index, part) => {
    const before = stored?.[list]?.[index]?.[part];
    if (isNumber(before) && settingInUnit(before, unit, MEASURES[part]) === value) return before;
    return settingFromUnit(value, unit, MEASURES[part]);
  });
}

/**
 * The channel temperatures typed with more decimals than their unit has, which the shared rule
 * cannot see on their °C values: in °F, more than one (°F is shown with one).
 */
export function tooPreciseInUnit(
  values: MoldFormValues,
  unit: TemperatureUnit,
): Array<[ChannelList, number, ChannelPart]> {
  if (unit === 'C') return [];
  return CHANNEL_LISTS.flatMap((list) =>
    (values[list] ?? []).flatMap((channel: Channel | undefined, index) =>
      (Object.keys(MEASURES) as ChannelPart[])
        .filter((part) => isNumber(channel?.[part]) && decimalPlaces(channel[part]) > 1)
        .map((part): [ChannelList, number, ChannelPart] => [list, index, part]),
    ),
  );
}

/** The bounds of a temperature setting in the user's unit, for the message that names them. */
export function temperatureRangeInUnit(unit: TemperatureUnit, measure: TemperatureMeasure) {
  return {
    min: settingInUnit(TEMPERATURE_SETTING_RANGE.min, unit, measure),
    max: settingInUnit(TEMPERATURE_SETTING_RANGE.max, unit, measure),
    unit: temperatureUnitLabel(unit),
  };
}
