import * as z from 'zod/mini';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';
import { isKnownTimeZone } from '../time/time-zones.js';
import { deviceNoRule, entityNameRule } from '../validation/rules.js';
import {
  HOT_RUNNER_TEMPERATURE_KEYS,
  MOLD_TEMPERATURE_KEYS,
  moldInfoSchema,
  type MoldInfo,
  type TemperatureSetting,
} from './mold-info.js';

/**
 * The mould edit form (spec §2 "Screen contents": a multi-step form) and its §5 rules, one schema per
 * step and one for the whole. The web validates a step before Next lets the user on; the server
 * validates the whole body of POST/PUT /api/yudata/mold_setting/ with `moldFormSchema`. Field names
 * are the Mould record's and its `info`'s (nested where the record nests), except `oee`, which the
 * form takes in percent (the spec allows it one decimal); `moldRecordFromForm` / `moldFormValues`
 * map between the two. Decisions are in docs/decisions.md, "Mould form".
 */

const message = (key: ValidationMessageKey) => ({ message: key });

/** The number of decimals `value` is written with (exponent notation counts as too many). */
export function decimalPlaces(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Infinity;
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

const MAX_SECONDS = 7 * 24 * 3600;
const SETTING_MIN = 1;
const SETTING_MAX = 500;
/**
 * The bounds of a setting, temperatures included (°C, and a band's °C difference): a form that
 * takes temperatures in °F names them converted.
 */
export const TEMPERATURE_SETTING_RANGE = { min: SETTING_MIN, max: SETTING_MAX } as const;
/** The spec's lower bound of the cycle threshold (s). */
export const CYCLE_THRESHOLD_MIN = 60;

const number = () => z.number(message('required'));
const atMostDecimals = (places: 1 | 2) =>
  z.refine<number>((value) => decimalPlaces(value) <= places, message(places === 1 ? 'oneDecimal' : 'twoDecimals'));
const notZero = () => z.refine<number>((value) => value !== 0, message('notZero'));
const wholeNumber = () => z.refine<number>((value) => Number.isInteger(value), message('wholeNumber'));

/** A setting (temperature, cycle seconds, voltage): not 0, 1 to 500, at most two decimals. */
const settingRule = () =>
  number().check(
    notZero(),
    z.gte(SETTING_MIN, message('range1to500')),
    z.lte(SETTING_MAX, message('range1to500')),
    atMostDecimals(2),
  );
/** A count the user types (starting cycle count): a non-negative whole number. */
const countRule = () =>
  number().check(wholeNumber(), z.gte(0, message('wholeNumber')), z.lte(Number.MAX_SAFE_INTEGER, message('tooLarge')));
/** A count that is a setting (target counter, PM interval): a whole number, not 0. */
const positiveCountRule = () =>
  number().check(
    notZero(),
    wholeNumber(),
    z.gte(1, message('wholeNumber')),
    z.lte(Number.MAX_SAFE_INTEGER, message('tooLarge')),
  );
/** Base idle / stop time (s): a whole number of seconds, not 0, at most a week. */
const baseTimeRule = () =>
  number().check(notZero(), wholeNumber(), z.gte(1, message('wholeNumber')), z.lte(MAX_SECONDS, message('tooLarge')));
const optional = <T extends z.ZodMiniType>(rule: T) => z.optional(z.nullable(rule));

const NUL = '\u0000';
const text = (max: number) =>
  z.string().check(
    z.maxLength(max, message('textTooLong')),
    z.refine((value) => !value.includes(NUL), message('noNulCharacter')),
  );
const optionalText = (max: number) => z._default(text(max), '');

/** Mould no: letters, digits and _ # / ( ) (spec §5). */
export const MOLD_NUMBER_PATTERN = /^[A-Za-z0-9_#/()]*$/;
export const moldNumberRule = text(32).check(z.regex(MOLD_NUMBER_PATTERN, message('moldNumberFormat')));

const idRule = () => z.int(message('required')).check(z.gte(1, message('required')));
const onOff = z.union([z.literal(0), z.literal(1)]);

// ── step 1: mould information ────────────────────────────────────────────────────────────────
const infoShape = {
  name: entityNameRule,
  mold_number: z._default(moldNumberRule, ''),
  company_id: idRule(),
  /** The group (required, spec §5); it must belong to `company_id`. */
  group_id: idRule(),
  owner: optionalText(64),
  type: optionalText(64),
  cavitation: number().check(
    notZero(),
    wholeNumber(),
    z.gte(SETTING_MIN, message('range1to500')),
    z.lte(SETTING_MAX, message('range1to500')),
  ),
  oem_id: optionalText(64),
  customer: optionalText(64),
  /** A country tag's value (GET /api/yudata/country_tag/), or typed. */
  country: optionalText(64),
  /** A factory tag's value (GET /api/yudata/factory_tag/), or typed. */
  workshop: optionalText(64),
  project_name: optionalText(64),
  part_id: optionalText(64),
  /** Starting cycle count: the counter the mould had when its device was connected. */
  start_count: countRule(),
  /** The serial number of the mould's device: bound if registered, registered if not. */
  device_no: deviceNoRule,
};

// ── step 2: process information ──────────────────────────────────────────────────────────────
const processShape = {
  /** 0 = J, 1 = K: later readings are read as it (the spec's confirmation), history keeps its type. */
  thermocouple_type: z._default(onOff, 0),
  /** The IANA zone the mould works in (one of the time-zone picker's); '' = the viewer's own. */
  time_zone: z._default(
    z.string().check(z.refine((zone) => zone === '' || isKnownTimeZone(zone), message('timeZoneChoice'))),
    '',
  ),
  time_zone_city: optionalText(64),
  /** 1: the mould is monitored (its alarms raised and pushed); 0: not. */
  launch_listen: z._default(onOff, 0),
  /** Whether hot runner (hrs) and mould temperatures are monitored. */
  temp_switch: z._default(z.object({ hrs_switch: onOff, mold_switch: onOff }), () => ({
    hrs_switch: 1 as const,
    mold_switch: 1 as const,
  })),
};

// ── steps 3 and 4: temperature channels ──────────────────────────────────────────────────────
/** A channel as typed: each part may still be empty. */
const channelInput = z.object({
  name: z._default(text(15), ''),
  set: optional(settingRule()),
  alert: optional(settingRule()),
});
export type TemperatureChannelInput = z.infer<typeof channelInput>;

const isUnset = (value: unknown): value is null | undefined => value === null || value === undefined;

const isEmptyChannel = (channel: TemperatureChannelInput) =>
  channel.name.trim() === '' && isUnset(channel.set) && isUnset(channel.alert);

/**
 * "Temperature edits must start from the last temperature position": channels are filled in
 * order. A channel in use needs its tag name, set value and alert temperature; an empty channel
 * may only follow the used ones (it is dropped on save), never stand before a used one.
 */
function checkChannelOrder(channels: TemperatureChannelInput[], ctx: z.core.$RefinementCtx<TemperatureChannelInput[]>) {
  const lastUsed = channels.findLastIndex((channel) => !isEmptyChannel(channel));
  channels.forEach((channel, index) => {
    if (index > lastUsed) return;
    if (isEmptyChannel(channel)) {
      ctx.addIssue({ code: 'custom', input: channel, path: [index, 'name'], ...message('temperatureOrder') });
      return;
    }
    if (channel.name.trim() === '')
      ctx.addIssue({ code: 'custom', input: channel, path: [index, 'name'], ...message('required') });
    for (const part of ['set', 'alert'] as const) {
      if (isUnset(channel[part]))
        ctx.addIssue({ code: 'custom', input: channel, path: [index, part], ...message('required') });
    }
  });
}

const channelList = (max: number) =>
  z._default(
    z.array(channelInput).check(z.maxLength(max, message('tooManyChannels')), z.superRefine(checkChannelOrder)),
    () => [],
  );
const hotRunnerShape = { hot_temp_setting: channelList(HOT_RUNNER_TEMPERATURE_KEYS.length) };
const moldTempShape = { mold_temp_setting: channelList(MOLD_TEMPERATURE_KEYS.length) };

// ── step 5: cycle time ───────────────────────────────────────────────────────────────────────
const cycleTimeShape = {
  /** Target cycle time (s). */
  cycle_time: settingRule(),
  cycle_time_setting: z.object({
    /** The cycle threshold (s): a cycle longer than it is not judged against the target. At least 60 s. */
    time: number().check(
      notZero(),
      z.gte(CYCLE_THRESHOLD_MIN, message('cycleThresholdMin')),
      z.lte(SETTING_MAX, message('range1to500')),
      atMostDecimals(2),
    ),
    /** Alert range (s): the threshold up and down from the target at which a cycle time alarm is raised. */
    alert: settingRule(),
    /** Early alert (s): a warning band inside the alert range, so below it; empty = none. */
    early: optional(settingRule()),
  }),
  open_time_threshold: optional(settingRule()),
  close_time_threshold: optional(settingRule()),
  /** Base idle time (s). */
  basic_time: baseTimeRule(),
  /** Base stop time (s), longer than the base idle time. */
  basic_stop_time: baseTimeRule(),
};
type CycleTimeValues = z.infer<z.ZodMiniObject<typeof cycleTimeShape>>;

function checkCycleTime(values: CycleTimeValues, ctx: z.core.$RefinementCtx<CycleTimeValues>) {
  const { alert, early } = values.cycle_time_setting;
  if (!isUnset(early) && early >= alert) {
    ctx.addIssue({
      code: 'custom',
      input: early,
      path: ['cycle_time_setting', 'early'],
      ...message('earlyBelowAlert'),
    });
  }
  if (values.basic_stop_time <= values.basic_time) {
    ctx.addIssue({
      code: 'custom',
      input: values.basic_stop_time,
      path: ['basic_stop_time'],
      ...message('stopAfterIdle'),
    });
  }
}

// ── step 6: counter ──────────────────────────────────────────────────────────────────────────
/** Target OEE in percent (stored as a fraction): 1 to 100, one decimal at most. */
export const oeePercentRule = number().check(
  notZero(),
  z.gte(1, message('oeeRange')),
  z.lte(100, message('oeeRange')),
  atMostDecimals(1),
);
/** Target counter: the cycles the mould is made for. */
export const targetCounterRule = positiveCountRule();
const counterShape = {
  counter: targetCounterRule,
  /** PM interval: cycles between preventive maintenance; empty = no PM by cycles. */
  maint_interval: optional(positiveCountRule()),
  oee: oeePercentRule,
};

// ── step 7: voltage ──────────────────────────────────────────────────────────────────────────
/** Supply voltage (V) for energy; a setting like the others. */
export const voltageRule = settingRule();
const voltageShape = { voltage: voltageRule };

export const moldInfoStepSchema = z.object(infoShape);
export const moldProcessStepSchema = z.object(processShape);
export const moldHotRunnerStepSchema = z.object(hotRunnerShape);
export const moldTempStepSchema = z.object(moldTempShape);
export const moldCycleTimeStepSchema = z.object(cycleTimeShape).check(z.superRefine(checkCycleTime));
export const moldCounterStepSchema = z.object(counterShape);
export const moldVoltageStepSchema = z.object(voltageShape);

/** The form's steps in order (Previous / Next), each with the fields it shows and validates. */
export const MOLD_FORM_STEPS = [
  { key: 'info', schema: moldInfoStepSchema },
  { key: 'process', schema: moldProcessStepSchema },
  { key: 'hotRunner', schema: moldHotRunnerStepSchema },
  { key: 'moldTemp', schema: moldTempStepSchema },
  { key: 'cycleTime', schema: moldCycleTimeStepSchema },
  { key: 'counter', schema: moldCounterStepSchema },
  { key: 'voltage', schema: moldVoltageStepSchema },
] as const;
export type MoldFormStep = (typeof MOLD_FORM_STEPS)[number]['key'];

/** The whole form: what POST and PUT /api/yudata/mold_setting/ take. */
export const moldFormSchema = z
  .object({
    ...infoShape,
    ...processShape,
    ...hotRunnerShape,
    ...moldTempShape,
    ...cycleTimeShape,
    ...counterShape,
    ...voltageShape,
  })
  .check(z.superRefine((values, ctx) => checkCycleTime(values, ctx as z.core.$RefinementCtx<CycleTimeValues>)));
export type MoldForm = z.infer<typeof moldFormSchema>;
export type MoldFormInput = z.input<typeof moldFormSchema>;

/** POST /api/yudata/update_target/{id}/: target OEE (percent), target counter and voltage, each optional. */
export const moldTargetSchema = z.object({
  oee: z.optional(oeePercentRule),
  counter: z.optional(targetCounterRule),
  voltage: z.optional(voltageRule),
});
export type MoldTarget = z.infer<typeof moldTargetSchema>;

/** The Mould record's own columns that the form sets (besides `info`, the image and the device). */
export interface MoldFormColumns {
  name: string;
  mold_number: string;
  group_id: number;
  owner: string;
  type: string;
  cavitation: number;
  oem_id: string;
  customer: string;
  country: string;
  workshop: string;
  launch_listen: 0 | 1;
  time_zone: string;
  time_zone_city: string;
  thermocouple_type: 0 | 1;
}

const usedChannels = (channels: TemperatureChannelInput[]): TemperatureSetting[] =>
  channels
    .filter((channel) => !isEmptyChannel(channel))
    .map(({ name, set, alert }) => ({ name, set: set ?? null, alert: alert ?? null }));

/** The standard value of each channel is its set value; unused channels are empty. */
function standardValues(hot: TemperatureSetting[], mold: TemperatureSetting[]): MoldInfo['temp_standard_value'] {
  const entries = [
    ...MOLD_TEMPERATURE_KEYS.map((key, index) => [key, mold[index]?.set ?? null] as const),
    ...HOT_RUNNER_TEMPERATURE_KEYS.map((key, index) => [key, hot[index]?.set ?? null] as const),
  ];
  return Object.fromEntries(entries) as MoldInfo['temp_standard_value'];
}

/** Percent with one decimal ↔ the stored fraction. */
export const oeeFraction = (percent: number) => Math.round(percent * 10) / 1000;
const oeePercent = (fraction: number) => Math.round(fraction * 1000) / 10;

/** The validated form as the Mould record's columns and its `info` (fields the form does not show are kept). */
export function moldRecordFromForm(form: MoldForm, current: MoldInfo = moldInfoSchema.parse({})) {
  const hot = usedChannels(form.hot_temp_setting);
  const mold = usedChannels(form.mold_temp_setting);
  const columns: MoldFormColumns = {
    name: form.name,
    mold_number: form.mold_number,
    group_id: form.group_id,
    owner: form.owner,
    type: form.type,
    cavitation: form.cavitation,
    oem_id: form.oem_id,
    customer: form.customer,
    country: form.country,
    workshop: form.workshop,
    launch_listen: form.launch_listen,
    time_zone: form.time_zone,
    time_zone_city: form.time_zone_city,
    thermocouple_type: form.thermocouple_type,
  };
  const info: MoldInfo = {
    ...current,
    project_name: form.project_name,
    part_id: form.part_id,
    start_count: form.start_count,
    maint_interval: form.maint_interval ?? null,
    oee: oeeFraction(form.oee),
    counter: form.counter,
    cycle_time: form.cycle_time,
    temp_standard_value: standardValues(hot, mold),
    hot_temp_setting: hot,
    mold_temp_setting: mold,
    basic_time: form.basic_time,
    basic_stop_time: form.basic_stop_time,
    cycle_time_setting: {
      time: form.cycle_time_setting.time,
      alert: form.cycle_time_setting.alert,
      early: form.cycle_time_setting.early ?? null,
    },
    open_time_threshold: form.open_time_threshold ?? null,
    close_time_threshold: form.close_time_threshold ?? null,
    temp_switch: form.temp_switch,
    voltage: form.voltage,
  };
  return { columns, info };
}

/** What GET /api/yudata/mold_setting/{id}/ answers, as far as the form reads it. */
export interface MoldFormSource extends Omit<
  MoldFormColumns,
  'group_id' | 'launch_listen' | 'thermocouple_type' | 'cavitation'
> {
  group_id: number | null;
  company_id: number | null;
  cavitation: number | null;
  launch_listen: number;
  thermocouple_type: number;
  device: { device_no: string } | null;
  info: unknown;
}

/**
 * The form's starting values for a stored mould (edit) — empty settings stay empty (the user must
 * fill them before Next). The values are not validated: a stored mould may predate a rule.
 */
export function moldFormValues(mould: MoldFormSource): Partial<MoldFormInput> {
  const info = moldInfoSchema.parse(mould.info ?? {});
  const nullToUndefined = <T>(value: T | null) => value ?? undefined;
  return {
    name: mould.name,
    mold_number: mould.mold_number,
    company_id: nullToUndefined(mould.company_id),
    group_id: nullToUndefined(mould.group_id),
    owner: mould.owner,
    type: mould.type,
    cavitation: nullToUndefined(mould.cavitation),
    oem_id: mould.oem_id,
    customer: mould.customer,
    country: mould.country,
    workshop: mould.workshop,
    project_name: info.project_name,
    part_id: info.part_id,
    start_count: info.start_count,
    device_no: mould.device?.device_no ?? '',
    thermocouple_type: mould.thermocouple_type === 1 ? 1 : 0,
    time_zone: mould.time_zone,
    time_zone_city: mould.time_zone_city,
    launch_listen: mould.launch_listen === 1 ? 1 : 0,
    temp_switch: info.temp_switch,
    hot_temp_setting: info.hot_temp_setting,
    mold_temp_setting: info.mold_temp_setting,
    cycle_time: nullToUndefined(info.cycle_time),
    cycle_time_setting: {
      time: nullToUndefined(info.cycle_time_setting.time),
      alert: nullToUndefined(info.cycle_time_setting.alert),
      early: info.cycle_time_setting.early,
    } as MoldFormInput['cycle_time_setting'],
    open_time_threshold: info.open_time_threshold,
    close_time_threshold: info.close_time_threshold,
    basic_time: nullToUndefined(info.basic_time),
    basic_stop_time: nullToUndefined(info.basic_stop_time),
    counter: info.counter === 0 ? undefined : info.counter,
    maint_interval: info.maint_interval,
    oee: info.oee === null ? undefined : oeePercent(info.oee),
    voltage: nullToUndefined(info.voltage),
  };
}
