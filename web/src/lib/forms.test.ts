import { describe, expect, it } from 'vitest';
import {
  activationSchema,
  companyFormSchema,
  passwordResetSchema,
  signUpSchema,
  workOrderFormSchema,
} from '@mouldwatch/shared';
import { isRequiredBy, refusesEmpty } from './forms';

const requiredOf = (schema: Parameters<typeof isRequiredBy>[0], fields: string[]) =>
  fields.filter((field) => isRequiredBy(schema, field));

describe('required marks from the shared rules', () => {
  it('marks a field only when the rule refuses it empty every way', () => {
    expect(refusesEmpty(() => 'required')).toBe(true);
    expect(refusesEmpty((empty) => (empty === undefined ? undefined : 'required'))).toBe(false);
  });

  it("marks the work order form's required fields, not its optional and defaulted ones", () => {
    const fields = Object.keys(workOrderFormSchema.shape);
    expect(requiredOf(workOrderFormSchema, fields)).toEqual([
      'order_no',
      'mold_id',
      'machine',
      'workshop',
      'project_name',
      'start_date',
      'quantity',
    ]);
  });

  it("marks the login page's account forms as their rules check them", () => {
    expect(requiredOf(signUpSchema, ['username', 'password', 'password2', 'email', 'mobile'])).toEqual([
      'username',
      'password',
      'password2',
      'email',
    ]);
    expect(requiredOf(activationSchema, ['address', 'code'])).toEqual(['address', 'code']);
    expect(requiredOf(passwordResetSchema, ['code', 'password', 'password2'])).toEqual([
      'code',
      'password',
      'password2',
    ]);
    expect(requiredOf(companyFormSchema, ['name'])).toEqual(['name']);
  });
});
