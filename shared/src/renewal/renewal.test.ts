import { describe, expect, it } from 'vitest';
import {
  addYears,
  daysLeft,
  dueReminderStage,
  extendSubscription,
  formatMinor,
  isRenewalDue,
  isValidAccountNumber,
  remittanceSchema,
  renewalFees,
  renewalOrderSchema,
  sameBankCountry,
} from './renewal.js';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('renewal fees', () => {
  it('multiplies the yearly price per device by devices and years, in minor units', () => {
    expect(renewalFees(36_000, 3, 2)).toBe(216_000);
    expect(renewalFees(65_000, 1, 1)).toBe(65_000);
    expect(renewalFees(5_000, 0, 1)).toBe(0);
  });

  it('refuses fractions, negatives and overflow', () => {
    expect(() => renewalFees(10.5, 1, 1)).toThrow(RangeError);
    expect(() => renewalFees(100, -1, 1)).toThrow(RangeError);
    expect(() => renewalFees(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });

  it('formats minor units by the currency', () => {
    expect(formatMinor(216_000, 'CNY')).toBe('2160.00');
    expect(formatMinor(5_005, 'USD')).toBe('50.05');
    expect(formatMinor(65_000, 'KRW')).toBe('65000');
  });
});

describe('renewal dates', () => {
  it('counts whole days left, negative once expired', () => {
    const now = at('2026-11-24T12:00:00Z');
    expect(daysLeft(at('2026-12-24T12:00:00Z'), now)).toBe(30);
    expect(daysLeft(at('2026-11-24T18:00:00Z'), now)).toBe(0);
    expect(daysLeft(at('2026-11-23T12:00:00Z'), now)).toBe(-1);
  });

  it('counts the whole days since an expiry, not one more', () => {
    const now = at('2026-11-24T12:00:00Z');
    // Expired 5 days and 6 hours ago: "Expired 5 days ago", not 6.
    expect(daysLeft(at('2026-11-19T06:00:00Z'), now)).toBe(-5);
    expect(daysLeft(at('2026-11-19T12:00:00Z'), now)).toBe(-5);
    expect(daysLeft(at('2026-11-24T11:00:00Z'), now)).toBe(-1);
  });

  it('is due within 30 days or expired, never without an expiry', () => {
    const now = at('2026-11-24T00:00:00Z');
    expect(isRenewalDue(new Date(now.getTime() + 30 * DAY), now)).toBe(true);
    expect(isRenewalDue(new Date(now.getTime() + 30 * DAY + 1), now)).toBe(false);
    expect(isRenewalDue(at('2020-01-01T00:00:00Z'), now)).toBe(true);
    expect(isRenewalDue(null, now)).toBe(false);
  });

  it('adds calendar years, 29 February to 28 February', () => {
    expect(addYears(at('2026-03-10T08:00:00Z'), 2).toISOString()).toBe('2028-03-10T08:00:00.000Z');
    expect(addYears(at('2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('extends from the later of now and the current expiry', () => {
    const now = at('2026-11-24T00:00:00Z');
    const later = at('2026-12-10T00:00:00Z');
    expect(extendSubscription(later, now, 1)).toEqual({ starts: later, expires: at('2027-12-10T00:00:00Z') });
    expect(extendSubscription(at('2025-01-01T00:00:00Z'), now, 2)).toEqual({
      starts: now,
      expires: at('2028-11-24T00:00:00Z'),
    });
    expect(extendSubscription(null, now, 1).expires).toEqual(at('2027-11-24T00:00:00Z'));
  });

  it('picks the reminder stage due: 30 days, then 15, none after expiry', () => {
    const expiry = at('2027-01-31T00:00:00Z');
    const before = (days: number) => new Date(expiry.getTime() - days * DAY);
    expect(dueReminderStage(expiry, before(31))).toBeNull();
    expect(dueReminderStage(expiry, before(30))).toBe(30);
    expect(dueReminderStage(expiry, before(16))).toBe(30);
    expect(dueReminderStage(expiry, before(15))).toBe(15);
    expect(dueReminderStage(expiry, before(1))).toBe(15);
    expect(dueReminderStage(expiry, expiry)).toBeNull();
  });
});

describe('renewal validation', () => {
  it('accepts domestic account numbers and IBANs with a good checksum', () => {
    expect(isValidAccountNumber('6222 0212 3456 7890')).toBe(true);
    expect(isValidAccountNumber('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidAccountNumber('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidAccountNumber('12345')).toBe(false);
    expect(isValidAccountNumber('12AB5678')).toBe(false);
  });

  const remittance = {
    remitter: 'ACME Moulds Ltd',
    account_number: '6222021234567890',
    transaction_serial_number: 'TX-2026-001',
    country: 'cn',
    renewal_type: 'corporate',
  };

  it('requires remitter, serial number, country and renewal type and a valid account', () => {
    const parsed = remittanceSchema.parse(remittance);
    expect(parsed.country).toBe('CN');
    expect(parsed.remark).toBe('');
    for (const field of ['remitter', 'transaction_serial_number', 'country', 'renewal_type', 'account_number']) {
      const result = remittanceSchema.safeParse({ ...remittance, [field]: '' });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
    const bad = remittanceSchema.safeParse({ ...remittance, account_number: '123' });
    expect(bad.error?.issues[0]?.message).toBe('accountNumberFormat');
    expect(remittanceSchema.safeParse({ ...remittance, renewal_type: 'cash' }).success).toBe(false);
  });

  it('wants the remitting bank in the receiving bank country', () => {
    expect(sameBankCountry('cn', 'CN')).toBe(true);
    expect(sameBankCountry('US', 'CN')).toBe(false);
  });

  it('orders 1 to 5 years of at least one mould', () => {
    expect(renewalOrderSchema.safeParse({ mold_ids: [1], years: 1, country: 'us' }).data?.country).toBe('US');
    expect(renewalOrderSchema.safeParse({ mold_ids: [], years: 1, country: 'US' }).success).toBe(false);
    expect(renewalOrderSchema.safeParse({ mold_ids: [1], years: 6, country: 'US' }).success).toBe(false);
    expect(renewalOrderSchema.safeParse({ mold_ids: [1], years: 1, country: 'USA' }).success).toBe(false);
  });
});
