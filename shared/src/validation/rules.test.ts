import { describe, expect, it } from 'vitest';
import { profileSchema } from './profile.js';
import {
  accountRule,
  deviceNoRule,
  emailRule,
  entityNameRule,
  passwordChangeSchema,
  passwordRule,
  phoneRule,
  trimmedEmailRule,
  verificationCodeRule,
} from './rules.js';
import type * as z from 'zod/mini';

/** The message keys a value breaks, or [] when it passes. */
function problems(rule: z.ZodMiniType, value: unknown): string[] {
  const result = rule.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('account and user name', () => {
  it.each(['abc', 'a'.repeat(32), 'user_01', 'José.Silva', '김철수abc'])('accepts %s', (value) => {
    expect(problems(accountRule, value)).toEqual([]);
  });
  it.each([
    ['', 'required'],
    ['ab', 'accountLength'],
    ['a'.repeat(33), 'accountLength'],
    ['john doe', 'noSpaces'],
    ['张三abc', 'noChinese'],
  ])('refuses %j with %s', (value, key) => {
    expect(problems(accountRule, value)).toContain(key);
  });
});

describe('password', () => {
  it.each(['abc123', 'Abcdef1234567890', 'A1b2C3'])('accepts %s', (value) => {
    expect(problems(passwordRule, value)).toEqual([]);
  });
  it.each([
    ['', 'required'],
    ['ab12', 'passwordLength'],
    ['abc123abc123abc12', 'passwordLength'],
    ['abc 123', 'noSpaces'],
    ['abcdefg', 'passwordCharset'],
    ['1234567', 'passwordCharset'],
    ['abc123!', 'passwordCharset'],
  ])('refuses %j with %s', (value, key) => {
    expect(problems(passwordRule, value)).toContain(key);
  });

  it('is case sensitive in the change form: a new password differing only in case is a new password', () => {
    expect(
      problems(passwordChangeSchema, { oldPassword: 'abc123', newPassword: 'ABC123', newPassword2: 'ABC123' }),
    ).toEqual([]);
  });
  it('requires the new password to differ from the old and the confirmation to match', () => {
    expect(
      problems(passwordChangeSchema, { oldPassword: 'abc123', newPassword: 'abc123', newPassword2: 'abc123' }),
    ).toEqual(['passwordSameAsOld']);
    expect(
      problems(passwordChangeSchema, { oldPassword: 'abc123', newPassword: 'xyz789', newPassword2: 'xyz788' }),
    ).toEqual(['passwordsDiffer']);
  });
});

describe('codes, e-mail, phone and names', () => {
  it('wants exactly six digits for a verification code', () => {
    expect(problems(verificationCodeRule, '012345')).toEqual([]);
    for (const value of ['12345', '1234567', '12345a', ' 123456'])
      expect(problems(verificationCodeRule, value)).toContain('codeFormat');
  });
  it('checks the e-mail pattern, trimming first in the share form', () => {
    expect(problems(emailRule, 'a@b.co')).toEqual([]);
    expect(problems(emailRule, ' a@b.co ')).toContain('emailFormat');
    expect(trimmedEmailRule.parse('  a@b.co ')).toBe('a@b.co');
    for (const value of ['a@b', 'ab.co', 'a b@c.co']) expect(problems(emailRule, value)).toContain('emailFormat');
  });
  it('allows digits, + and - in a phone number', () => {
    expect(problems(phoneRule, '+86-138-0000')).toEqual([]);
    expect(problems(phoneRule, '138 0000')).toContain('phoneFormat');
    expect(problems(phoneRule, '(11)5555')).toContain('phoneFormat');
  });
  it('keeps names to 15 characters without spaces or special characters', () => {
    expect(problems(entityNameRule, 'Line_A3')).toEqual([]);
    expect(problems(entityNameRule, '注塑车间一')).toEqual([]);
    expect(problems(entityNameRule, 'a'.repeat(16))).toContain('nameLength');
    expect(problems(entityNameRule, 'Line A')).toContain('noSpaces');
    expect(problems(entityNameRule, 'Line#1')).toContain('noSpecialCharacters');
  });
});

describe('personal info', () => {
  const valid = {
    username: 'maria',
    name: 'Maria da Silva',
    email: 'maria@example.com',
    mobile: '+55-11-5555',
    subscribe: 1,
    frequency: 5,
    frequencyPeriod: 'weekly',
  };
  it('accepts a complete profile', () => {
    expect(problems(profileSchema, valid)).toEqual([]);
  });
  it('requires username, name, e-mail, mobile and frequency, and a name without special characters', () => {
    for (const field of ['username', 'name', 'email', 'mobile'] as const) {
      expect(problems(profileSchema, { ...valid, [field]: '' }), field).toContain('required');
    }
    expect(problems(profileSchema, { ...valid, frequency: 4 })).toContain('frequencyChoice');
    expect(problems(profileSchema, { ...valid, name: 'Maria <b>' })).toContain('noSpecialCharacters');
  });
});

describe('device serial number', () => {
  it.each(['SN-0001', 'abc', 'dev_01', 'A'.repeat(64)])('accepts %s', (value) => {
    expect(problems(deviceNoRule, value)).toEqual([]);
  });
  it.each([
    ['', 'required'],
    ['ab', 'serialNumberFormat'],
    ['A'.repeat(65), 'serialNumberFormat'],
    ['dev/01', 'serialNumberFormat'],
    ['dev+', 'serialNumberFormat'],
    ['dev 01', 'serialNumberFormat'],
  ])('refuses %j with %s', (value, key) => {
    expect(problems(deviceNoRule, value)).toContain(key);
  });
});
