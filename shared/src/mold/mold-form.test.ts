import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { defaultMoldInfo } from './mold-info.js';
import {
  MOLD_FORM_STEPS,
  decimalPlaces,
  moldCounterStepSchema,
  moldCycleTimeStepSchema,
  moldFormSchema,
  moldFormValues,
  moldHotRunnerStepSchema,
  moldInfoStepSchema,
  moldProcessStepSchema,
  moldRecordFromForm,
  moldTargetSchema,
  moldTempStepSchema,
  moldVoltageStepSchema,
  type MoldFormInput,
} from './mold-form.js';

/** A complete, valid form. */
function validMoldForm(): MoldFormInput {
  return {
    name: 'Mould_A1',
    mold_number: 'M-1'.replace('-', '_'),
    company_id: 1,
    group_id: 2,
    owner: 'ACME',
    type: 'cold',
    cavitation: 4,
    oem_id: 'OEM7',
    customer: 'Cust',
    country: 'Brazil',
    workshop: 'Hall 2',
    project_name: 'Cap',
    part_id: 'P-1',
    start_count: 10_000,
    device_no: 'DEV-001',
    thermocouple_type: 1,
    time_zone: 'Asia/Shanghai',
    time_zone_city: 'Beijing',
    launch_listen: 1,
    temp_switch: { hrs_switch: 1, mold_switch: 0 },
    hot_temp_setting: [
      { name: 'H1', set: 230, alert: 10 },
      { name: 'H2', set: 235.5, alert: 12.25 },
    ],
    mold_temp_setting: [{ name: 'T1', set: 60, alert: 5 }],
    cycle_time: 32.5,
    cycle_time_setting: { time: 120, alert: 5, early: 2 },
    open_time_threshold: 4,
    close_time_threshold: 6,
    basic_time: 300,
    basic_stop_time: 1800,
    counter: 1_000_000,
    maint_interval: 50_000,
    oee: 85.5,
    voltage: 380,
  };
}

/** Each broken rule as `path: message key`, or [] when the value passes. */
function problems(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
const withField = (patch: Record<string, unknown>) => ({ ...validMoldForm(), ...patch });

describe('the whole mould form', () => {
  it('accepts a complete form, and every step accepts its part of it', () => {
    expect(problems(moldFormSchema, validMoldForm())).toEqual([]);
    for (const step of MOLD_FORM_STEPS) expect(problems(step.schema, validMoldForm())).toEqual([]);
  });
  it('names the seven steps in the order of the spec', () => {
    expect(MOLD_FORM_STEPS.map((step) => step.key)).toEqual([
      'info',
      'process',
      'hotRunner',
      'moldTemp',
      'cycleTime',
      'counter',
      'voltage',
    ]);
  });
  it('requires every field of spec §5 that the form holds', () => {
    const required = [
      'name',
      'company_id',
      'group_id',
      'cavitation',
      'start_count',
      'device_no',
      'cycle_time',
      'basic_time',
      'basic_stop_time',
      'counter',
      'oee',
      'voltage',
    ];
    for (const field of required) {
      expect(problems(moldFormSchema, withField({ [field]: undefined })), field).toContain(`${field}: required`);
    }
    const cycle = { time: 120, alert: undefined };
    expect(problems(moldFormSchema, withField({ cycle_time_setting: cycle }))).toContain(
      'cycle_time_setting.alert: required',
    );
  });
  it('checks the cross-field rules of the cycle time step too', () => {
    const cycle = { time: 120, alert: 5, early: 5 };
    expect(problems(moldFormSchema, withField({ cycle_time_setting: cycle }))).toEqual([
      'cycle_time_setting.early: earlyBelowAlert',
    ]);
  });
});

describe('step 1: mould information', () => {
  it.each([
    ['', 'name: required'],
    ['Mould A', 'name: noSpaces'],
    ['Mould!', 'name: noSpecialCharacters'],
    ['a'.repeat(16), 'name: nameLength'],
  ])('refuses the name %j', (name, problem) => {
    expect(problems(moldInfoStepSchema, withField({ name }))).toContain(problem);
  });
  it.each(['AB_12', 'M#1/(2)', ''])('accepts the mould no %j', (mold_number) => {
    expect(problems(moldInfoStepSchema, withField({ mold_number }))).toEqual([]);
  });
  it.each(['M-1', 'M 1', 'M.1', '模具1'])('refuses the mould no %j', (mold_number) => {
    expect(problems(moldInfoStepSchema, withField({ mold_number }))).toEqual(['mold_number: moldNumberFormat']);
  });
  it.each([
    [0, 'cavitation: notZero'],
    [501, 'cavitation: range1to500'],
    [1.5, 'cavitation: wholeNumber'],
  ])('refuses the cavitation %j', (cavitation, problem) => {
    expect(problems(moldInfoStepSchema, withField({ cavitation }))[0]).toBe(problem);
  });
  it.each([
    [-1, 'start_count: wholeNumber'],
    [2.5, 'start_count: wholeNumber'],
  ])('refuses the starting cycle count %j', (start_count, problem) => {
    expect(problems(moldInfoStepSchema, withField({ start_count }))).toEqual([problem]);
  });
  it('accepts a starting cycle count of 0', () => {
    expect(problems(moldInfoStepSchema, withField({ start_count: 0 }))).toEqual([]);
  });
  it('checks the serial number with the device rule', () => {
    expect(problems(moldInfoStepSchema, withField({ device_no: 'a b' }))).toEqual(['device_no: serialNumberFormat']);
    expect(problems(moldInfoStepSchema, withField({ device_no: '' }))[0]).toBe('device_no: required');
  });
  it('refuses a group or company that is not an id', () => {
    expect(problems(moldInfoStepSchema, withField({ group_id: 0 }))).toEqual(['group_id: required']);
    expect(problems(moldInfoStepSchema, withField({ company_id: null }))).toEqual(['company_id: required']);
  });
  it('bounds free text and refuses NUL', () => {
    expect(problems(moldInfoStepSchema, withField({ owner: 'x'.repeat(65) }))).toEqual(['owner: textTooLong']);
    expect(problems(moldInfoStepSchema, withField({ customer: 'a\u0000b' }))).toEqual(['customer: noNulCharacter']);
  });
});

describe('step 2: process information', () => {
  it('takes J or K, monitoring and the switches as 0 or 1, and defaults them', () => {
    expect(moldProcessStepSchema.parse({})).toEqual({
      thermocouple_type: 0,
      time_zone: '',
      time_zone_city: '',
      launch_listen: 0,
      temp_switch: { hrs_switch: 1, mold_switch: 1 },
    });
    expect(problems(moldProcessStepSchema, { thermocouple_type: 2 })).toHaveLength(1);
    expect(problems(moldProcessStepSchema, { launch_listen: 3 })).toHaveLength(1);
  });
  it('takes a time zone of the picker only', () => {
    expect(problems(moldProcessStepSchema, { time_zone: 'Asia/Kolkata' })).toEqual([]);
    expect(problems(moldProcessStepSchema, { time_zone: 'Mars/Olympus' })).toEqual(['time_zone: timeZoneChoice']);
  });
});

describe('steps 3 and 4: temperature channels', () => {
  const channel = (name: string, set: number | null, alert: number | null) => ({ name, set, alert });
  it('allows at most 6 hot runner and 4 mould temperature channels', () => {
    const seven = Array.from({ length: 7 }, (_, index) => channel(`H${index}`, 200, 10));
    expect(problems(moldHotRunnerStepSchema, { hot_temp_setting: seven.slice(0, 6) })).toEqual([]);
    expect(problems(moldHotRunnerStepSchema, { hot_temp_setting: seven })).toEqual([
      'hot_temp_setting: tooManyChannels',
    ]);
    expect(problems(moldTempStepSchema, { mold_temp_setting: seven.slice(0, 5) })).toEqual([
      'mold_temp_setting: tooManyChannels',
    ]);
  });
  it('needs tag name, set value and alert temperature of a channel in use', () => {
    expect(problems(moldTempStepSchema, { mold_temp_setting: [channel('T1', 60, null)] })).toEqual([
      'mold_temp_setting.0.alert: required',
    ]);
    expect(problems(moldTempStepSchema, { mold_temp_setting: [channel(' ', 60, 5)] })).toEqual([
      'mold_temp_setting.0.name: required',
    ]);
  });
  it('fills channels in order: an empty channel may follow the used ones, never precede one', () => {
    const empty = channel('', null, null);
    expect(problems(moldTempStepSchema, { mold_temp_setting: [channel('T1', 60, 5), empty, empty] })).toEqual([]);
    expect(
      problems(moldTempStepSchema, { mold_temp_setting: [channel('T1', 60, 5), empty, channel('T3', 60, 5)] }),
    ).toEqual(['mold_temp_setting.1.name: temperatureOrder']);
  });
  it.each([
    [0, 'notZero'],
    [0.5, 'range1to500'],
    [500.01, 'range1to500'],
    [60.123, 'twoDecimals'],
  ])('refuses the set value and the alert temperature %j', (value, key) => {
    expect(problems(moldTempStepSchema, { mold_temp_setting: [channel('T1', value, 5)] })[0]).toBe(
      `mold_temp_setting.0.set: ${key}`,
    );
    expect(problems(moldHotRunnerStepSchema, { hot_temp_setting: [channel('H1', 200, value)] })[0]).toBe(
      `hot_temp_setting.0.alert: ${key}`,
    );
  });
  it('allows a negative sign only where the range does, and at most 15 characters of tag name', () => {
    expect(problems(moldTempStepSchema, { mold_temp_setting: [channel('T1', -5, 5)] })).toEqual([
      'mold_temp_setting.0.set: range1to500',
    ]);
    expect(problems(moldTempStepSchema, { mold_temp_setting: [channel('x'.repeat(16), 5, 5)] })).toEqual([
      'mold_temp_setting.0.name: textTooLong',
    ]);
  });
});

describe('step 5: cycle time', () => {
  const step = (patch: Record<string, unknown>) => problems(moldCycleTimeStepSchema, withField(patch));
  it('takes a cycle threshold of at least 60 s', () => {
    expect(step({ cycle_time_setting: { time: 60, alert: 5, early: 2 } })).toEqual([]);
    expect(step({ cycle_time_setting: { time: 59.99, alert: 5, early: 2 } })).toEqual([
      'cycle_time_setting.time: cycleThresholdMin',
    ]);
  });
  it('needs the early alert below the alert; without an early alert there is nothing to compare', () => {
    expect(step({ cycle_time_setting: { time: 120, alert: 5, early: 6 } })).toEqual([
      'cycle_time_setting.early: earlyBelowAlert',
    ]);
    expect(step({ cycle_time_setting: { time: 120, alert: 5, early: null } })).toEqual([]);
  });
  it.each([
    [{ cycle_time: 0 }, 'cycle_time: notZero'],
    [{ cycle_time: 32.555 }, 'cycle_time: twoDecimals'],
    [{ cycle_time: 501 }, 'cycle_time: range1to500'],
    [{ open_time_threshold: 0 }, 'open_time_threshold: notZero'],
    [{ close_time_threshold: 600 }, 'close_time_threshold: range1to500'],
    [{ basic_time: 0 }, 'basic_time: notZero'],
    [{ basic_time: 30.5 }, 'basic_time: wholeNumber'],
    [{ basic_stop_time: 8 * 24 * 3600 }, 'basic_stop_time: tooLarge'],
    [{ basic_stop_time: 300 }, 'basic_stop_time: stopAfterIdle'],
  ])('refuses %j', (patch, problem) => {
    expect(step(patch)[0]).toBe(problem);
  });
  it('leaves open and close thresholds optional', () => {
    expect(step({ open_time_threshold: null, close_time_threshold: undefined })).toEqual([]);
  });
});

describe('step 6: counter', () => {
  const step = (patch: Record<string, unknown>) => problems(moldCounterStepSchema, withField(patch));
  it.each([
    [{ oee: 85.55 }, 'oee: oneDecimal'],
    [{ oee: 0 }, 'oee: notZero'],
    [{ oee: 100.1 }, 'oee: oeeRange'],
    [{ counter: 0 }, 'counter: notZero'],
    [{ counter: 10.5 }, 'counter: wholeNumber'],
    [{ maint_interval: 0 }, 'maint_interval: notZero'],
  ])('refuses %j', (patch, problem) => {
    expect(step(patch)[0]).toBe(problem);
  });
  it('takes a PM interval as optional', () => {
    expect(step({ maint_interval: null })).toEqual([]);
  });
});

describe('step 7: voltage', () => {
  it.each([
    [0, 'voltage: notZero'],
    [380.123, 'voltage: twoDecimals'],
    [501, 'voltage: range1to500'],
  ])('refuses %j', (voltage, problem) => {
    expect(problems(moldVoltageStepSchema, { voltage })[0]).toBe(problem);
  });
});

describe('targets (update_target)', () => {
  it('takes each of OEE, counter and voltage alone, under the same rules', () => {
    expect(problems(moldTargetSchema, { oee: 90 })).toEqual([]);
    expect(problems(moldTargetSchema, {})).toEqual([]);
    expect(problems(moldTargetSchema, { voltage: 0 })[0]).toBe('voltage: notZero');
    expect(problems(moldTargetSchema, { oee: 90.25 })[0]).toBe('oee: oneDecimal');
  });
});

describe('decimal places', () => {
  it.each([
    [1, 0],
    [-1.5, 1],
    [0.1 + 0.2, 17],
    [1e-7, Infinity],
  ])('counts %j as %j', (value, places) => {
    expect(decimalPlaces(value)).toBe(places);
  });
});

describe('form ↔ Mould record', () => {
  it('maps the form onto the record columns and info, OEE as a fraction, empty trailing channels dropped', () => {
    const form = moldFormSchema.parse({
      ...validMoldForm(),
      mold_temp_setting: [
        { name: 'T1', set: 60, alert: 5 },
        { name: '', set: null, alert: null },
      ],
    });
    const { columns, info } = moldRecordFromForm(form);
    expect(columns).toMatchObject({ name: 'Mould_A1', group_id: 2, thermocouple_type: 1, launch_listen: 1 });
    expect(info.oee).toBe(0.855);
    expect(info.mold_temp_setting).toEqual([{ name: 'T1', set: 60, alert: 5 }]);
    expect(info.temp_standard_value).toMatchObject({
      mold_temperature1: 60,
      mold_temperature2: null,
      hrs_temperature2: 235.5,
    });
    expect(info.cycle_time_setting).toEqual({ time: 120, alert: 5, early: 2 });
  });
  it('reads a saved mould back into the same form values', () => {
    const form = moldFormSchema.parse(validMoldForm());
    const { columns, info } = moldRecordFromForm(form);
    const values = moldFormValues({ ...columns, company_id: 1, device: { device_no: 'DEV-001' }, info });
    expect(moldFormSchema.parse(values)).toEqual(form);
  });
  it('starts a new form from the default record with the empty settings left empty', () => {
    const values = moldFormValues({
      ...moldRecordFromForm(moldFormSchema.parse(validMoldForm())).columns,
      group_id: null,
      company_id: null,
      cavitation: null,
      device: null,
      info: defaultMoldInfo(),
    });
    expect(values).toMatchObject({
      group_id: undefined,
      cycle_time: undefined,
      oee: undefined,
      counter: undefined,
      device_no: '',
    });
  });
});
