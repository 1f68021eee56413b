import * as z from 'zod/mini';

/**
 * A mould's `info` settings (spec §3 "Mould"), stored as one JSON object. Every field has a
 * default, so a stored object written before a field existed still reads as a full record, and
 * `{}` reads as the spec's default record. A setting the spec calls "empty" is `null`.
 */
const emptySetting = z._default(z.nullable(z.number()), null);
const cycleCount = z._default(z.int().check(z.gte(0)), 0);

/** One temperature channel as the mould edit form sets it: tag name, set value and alert temperature (°C). */
export const temperatureSettingSchema = z.object({
  name: z._default(z.string().check(z.maxLength(15)), ''),
  set: emptySetting,
  alert: emptySetting,
});
export type TemperatureSetting = z.infer<typeof temperatureSettingSchema>;

const emptyChannel = (): TemperatureSetting => ({ name: '', set: null, alert: null });
/** A channel list of the edit form: at most `max` channels, two empty ones to start with. */
const channelSettings = (max: number) =>
  z._default(z.array(temperatureSettingSchema).check(z.maxLength(max)), () => [emptyChannel(), emptyChannel()]);

export const MOLD_TEMPERATURE_KEYS = [
  'mold_temperature1',
  'mold_temperature2',
  'mold_temperature3',
  'mold_temperature4',
] as const;
export const HOT_RUNNER_TEMPERATURE_KEYS = [
  'hrs_temperature1',
  'hrs_temperature2',
  'hrs_temperature3',
  'hrs_temperature4',
  'hrs_temperature5',
  'hrs_temperature6',
] as const;
type StandardValueKey = (typeof MOLD_TEMPERATURE_KEYS)[number] | (typeof HOT_RUNNER_TEMPERATURE_KEYS)[number];

const STANDARD_VALUE_KEYS: readonly StandardValueKey[] = [...MOLD_TEMPERATURE_KEYS, ...HOT_RUNNER_TEMPERATURE_KEYS];
const standardValueShape = Object.fromEntries(STANDARD_VALUE_KEYS.map((key) => [key, emptySetting])) as Record<
  StandardValueKey,
  typeof emptySetting
>;
const emptyStandardValues = () =>
  Object.fromEntries(STANDARD_VALUE_KEYS.map((key) => [key, null])) as Record<StandardValueKey, null>;
const onOff = z.union([z.literal(0), z.literal(1)]);

export const moldInfoSchema = z.object({
  project_name: z._default(z.string().check(z.maxLength(64)), ''),
  part_id: z._default(z.string().check(z.maxLength(64)), ''),
  /** The cycle count the mould had when it was connected. */
  start_count: cycleCount,
  /** Cycles between preventive maintenance. */
  maint_interval: z._default(z.nullable(z.int().check(z.gte(0))), null),
  /** Target OEE, 0 to 1. */
  oee: z._default(z.nullable(z.number().check(z.gte(0), z.lte(1))), null),
  /** Target counter. */
  counter: cycleCount,
  /** Target cycle time (s). */
  cycle_time: emptySetting,
  /** Standard value of each mould and hot runner temperature channel (°C). */
  temp_standard_value: z._default(z.object(standardValueShape), emptyStandardValues),
  /** Hot runner channels as set in the edit form, in channel order (at most 6). */
  hot_temp_setting: channelSettings(HOT_RUNNER_TEMPERATURE_KEYS.length),
  /** Mould temperature channels as set in the edit form, in channel order (at most 4). */
  mold_temp_setting: channelSettings(MOLD_TEMPERATURE_KEYS.length),
  /** Base idle time (s): no cycle for longer makes the mould idle. */
  basic_time: emptySetting,
  /** Base stop time (s): no cycle for longer makes the mould stopped. */
  basic_stop_time: emptySetting,
  /** Cycle threshold (s) with its alert and early-alert deviations (s); early is below alert. */
  cycle_time_setting: z._default(z.object({ time: emptySetting, alert: emptySetting, early: emptySetting }), () => ({
    time: null,
    alert: null,
    early: null,
  })),
  /** Open and close time thresholds (s). */
  open_time_threshold: emptySetting,
  close_time_threshold: emptySetting,
  /** Whether hot runner and mould temperatures are monitored (1) or not (0). */
  temp_switch: z._default(z.object({ hrs_switch: onOff, mold_switch: onOff }), () => ({
    hrs_switch: 1 as const,
    mold_switch: 1 as const,
  })),
  /** Supply voltage (V): energy = voltage × reported current × time. */
  voltage: emptySetting,
});
export type MoldInfo = z.infer<typeof moldInfoSchema>;

/** The spec's default `info`: everything empty, counters 0, both temperature switches on. */
export function defaultMoldInfo(): MoldInfo {
  return moldInfoSchema.parse({});
}
