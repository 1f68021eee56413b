import { describe, expect, it } from 'vitest';
import { moldRecordFromForm, type MoldFormSource } from '@mouldwatch/shared';
import { completeForm } from './fixtures';
import { initialFormValues, requestBody } from './formValues';

/** A stored mould as GET /api/yudata/mold_setting/{id}/ answers it, made from a saved form. */
function storedFrom(form = completeForm()): MoldFormSource {
  const body = requestBody(form);
  if (!body) throw new Error('the fixture must pass');
  const { columns, info } = moldRecordFromForm(body);
  return { ...columns, company_id: body.company_id, device: { device_no: body.device_no }, info };
}

describe('form ↔ API', () => {
  it('starts a new mould from the spec defaults: count 0, switches on, thermocouple J, two empty channels each', () => {
    const values = initialFormValues();
    expect(values.start_count).toBe(0);
    expect(values.temp_switch).toEqual({ hrs_switch: 1, mold_switch: 1 });
    expect(values.thermocouple_type).toBe(0);
    expect(values.hot_temp_setting).toHaveLength(2);
    expect(values.mold_temp_setting).toHaveLength(2);
    expect(values.name).toBeUndefined();
  });

  it('sends nothing while a step fails', () => {
    expect(requestBody(initialFormValues())).toBeUndefined();
    expect(requestBody({ ...completeForm(), cavitation: 0 })).toBeUndefined();
  });

  it('sends the whole form, trailing empty channels dropped by the server mapping', () => {
    const form = {
      ...completeForm(),
      mold_temp_setting: [
        { name: 'T1', set: 60, alert: 5 },
        { name: '', set: null, alert: null },
      ],
    };
    const body = requestBody(form);
    expect(body).toMatchObject({ name: 'Cap_A1', device_no: 'DEV-001', oee: 85.5, cycle_time_setting: { early: 2 } });
    expect(body && moldRecordFromForm(body).info.mold_temp_setting).toEqual([{ name: 'T1', set: 60, alert: 5 }]);
  });

  it('reads a stored mould back into the values it was saved from', () => {
    const form = completeForm();
    const values = initialFormValues(storedFrom(form));
    expect(requestBody(values)).toEqual(requestBody(form));
  });

  it('leaves the settings of a mould saved without them empty, for the user to fill in', () => {
    const stored: MoldFormSource = { ...storedFrom(), info: {} };
    const values = initialFormValues(stored);
    expect(values.voltage).toBeUndefined();
    expect(values.cycle_time).toBeUndefined();
    expect(requestBody(values)).toBeUndefined();
  });
});
