import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { completeForm } from './fixtures';
import {
  LAST_STEP,
  canGoTo,
  firstInvalidStep,
  isRequiredAt,
  issueAt,
  serverFieldError,
  stepIssues,
  stepOfField,
} from './steps';

// The validation catalog (loaded with the language) tells a rule's message key from other text.
beforeAll(() => initI18n());

describe('step checks', () => {
  it('finds nothing wrong on any step of a complete form', () => {
    for (let step = 0; step <= LAST_STEP; step += 1) expect(stepIssues(step, completeForm())).toEqual([]);
    expect(firstInvalidStep(completeForm())).toBeUndefined();
  });

  it('checks a step only for its own fields: an empty form fails the first step, not the process step', () => {
    expect(stepIssues(0, {}).map((issue) => issue.path[0])).toEqual(
      expect.arrayContaining(['name', 'company_id', 'group_id', 'cavitation', 'start_count', 'device_no']),
    );
    expect(stepIssues(1, {})).toEqual([]);
    expect(firstInvalidStep({})).toBe(0);
  });

  it('names nested fields by their full path, with the shared message key', () => {
    const form = { ...completeForm(), cycle_time_setting: { time: 120, alert: 5, early: 5 } };
    expect(stepIssues(4, form)).toEqual([{ path: ['cycle_time_setting', 'early'], key: 'earlyBelowAlert' }]);
    expect(issueAt(4, form, ['cycle_time_setting', 'early'])?.key).toBe('earlyBelowAlert');
    expect(issueAt(4, form, ['cycle_time_setting', 'alert'])).toBeUndefined();
  });

  it('points at the channel and part of a temperature row', () => {
    const form = { ...completeForm(), hot_temp_setting: [{ name: 'H1', set: 230, alert: null }] };
    expect(issueAt(2, form, ['hot_temp_setting', 0, 'alert'])?.key).toBe('required');
  });

  it('says a malformed serial number with the shared rule', () => {
    expect(issueAt(0, { ...completeForm(), device_no: 'a b' }, ['device_no'])?.key).toBe('serialNumberFormat');
  });

  it('gives the first failing step of the whole form', () => {
    expect(firstInvalidStep({ ...completeForm(), voltage: 0 })).toBe(LAST_STEP);
    expect(firstInvalidStep({ ...completeForm(), oee: 100.55, voltage: 0 })).toBe(5);
  });
});

describe('required marks', () => {
  it('marks the fields the step refuses empty, and only those', () => {
    for (const field of ['name', 'company_id', 'group_id', 'cavitation', 'start_count', 'device_no']) {
      expect(isRequiredAt(0, [field]), field).toBe(true);
    }
    for (const field of ['customer', 'owner', 'project_name']) expect(isRequiredAt(0, [field]), field).toBe(false);
    // A channel's name, set value and band may stay empty.
    expect(isRequiredAt(2, ['hot_temp_setting', 0, 'name'])).toBe(false);
    expect(isRequiredAt(2, ['hot_temp_setting', 0, 'alert'])).toBe(false);
  });
});

describe('moving between steps', () => {
  it('goes back to any step without checks', () => {
    expect(canGoTo(0, 4, 4, false)).toBe(true);
    expect(canGoTo(3, 3, 6, false)).toBe(true);
  });

  it('goes on to the next step only when the current one passes', () => {
    expect(canGoTo(2, 1, 1, true)).toBe(true);
    expect(canGoTo(2, 1, 1, false)).toBe(false);
  });

  it('jumps forward only to a step reached before, and never past the last one', () => {
    expect(canGoTo(5, 1, 5, true)).toBe(true);
    expect(canGoTo(5, 1, 4, true)).toBe(false);
    expect(canGoTo(5, 1, 6, false)).toBe(false);
    expect(canGoTo(LAST_STEP + 1, LAST_STEP, LAST_STEP, true)).toBe(false);
    expect(canGoTo(-1, 0, 0, true)).toBe(false);
  });

  it('knows the step of each field', () => {
    expect(stepOfField('device_no')).toBe(0);
    expect(stepOfField('thermocouple_type')).toBe(1);
    expect(stepOfField('mold_temp_setting')).toBe(3);
    expect(stepOfField('cycle_time_setting')).toBe(4);
    expect(stepOfField('voltage')).toBe(LAST_STEP);
    expect(stepOfField('mold_image')).toBeUndefined();
  });
});

describe('serverFieldError', () => {
  it.each([
    ['Invalid input: cycle_time_setting.early: Must be below the alert', ['cycle_time_setting', 'early']],
    ['输入有误：hot_temp_setting.1.set: 必填', ['hot_temp_setting', 1, 'set']],
    ['Entrada inválida: device_no: Erro de número', ['device_no']],
  ])('finds the form field named in %j', (message, path) => {
    expect(serverFieldError(message)?.path).toEqual(path);
  });

  it('keeps the text after the field', () => {
    expect(serverFieldError('Invalid input: voltage: Must be 1 to 500')?.text).toBe('Must be 1 to 500');
  });

  it('finds nothing when no form field is named', () => {
    expect(serverFieldError('Invalid input: body: invalid')).toBeUndefined();
    expect(serverFieldError('This mould is shared by others and cannot be modified')).toBeUndefined();
  });
});
