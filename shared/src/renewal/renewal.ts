import * as z from 'zod/mini';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';

/**
 * Renewal of device subscriptions (spec §1, §3 "Renewal record", §4, §5; menu 37–40): orders for
 * moulds' subscriptions paid by offline bank remittance, their fees, the remittance form's rules
 * and the expiry arithmetic. Decisions are in docs/decisions.md, "Renewal".
 */

const message = (key: ValidationMessageKey) => ({ message: key });

/** Stored statuses; the lists filter by these or by all of them (spec §4: All, Unpaid, Cancelled, Finished). */
export const RENEWAL_STATUSES = ['unpaid', 'cancelled', 'finished'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/** Kinds of remitting account ("renewal type" of the remittance form). */
export const RENEWAL_TYPES = ['corporate', 'personal'] as const;
export type RenewalType = (typeof RENEWAL_TYPES)[number];

/** A notice's alarm_type for renewal reminders (beside the spec's alarm types 1–5). */
export const RENEWAL_NOTICE_TYPE = 6;
/** Reminders go out this many days before the expiry (spec §1: 1 month and 15 days). */
export const REMINDER_STAGES = [30, 15] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];
/** The overview lists moulds expiring within this many days, or expired. */
export const RENEWAL_DUE_DAYS = 30;
/** Years one order may buy. */
export const RENEWAL_MAX_YEARS = 5;
/** Moulds one order may hold. */
export const RENEWAL_MAX_MOLDS = 500;
/** Working days the platform promises for activation after it confirms the payment (spec §1). */
export const ACTIVATION_WORKING_DAYS = 3;

const DAY_MS = 86_400_000;

/**
 * Whole days from `now` until `expiresAt`, 0 on the last day; once expired, minus the whole days since
 * (at least 1: "expired 1 day ago" on the first day after, never "0 left" for an expired one).
 */
export function daysLeft(expiresAt: Date, now: Date): number {
  const left = expiresAt.getTime() - now.getTime();
  return left >= 0 ? Math.floor(left / DAY_MS) : -Math.max(1, Math.floor(-left / DAY_MS));
}

/** Due for renewal: expired, or expiring within RENEWAL_DUE_DAYS. A mould without a recorded expiry is not due. */
export function isRenewalDue(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() - now.getTime() <= RENEWAL_DUE_DAYS * DAY_MS;
}

/** `date` plus whole calendar years (29 February falls back to 28 February in common years), in UTC. */
export function addYears(date: Date, years: number): Date {
  const result = new Date(date.getTime());
  const month = result.getUTCMonth();
  result.setUTCFullYear(result.getUTCFullYear() + years);
  if (result.getUTCMonth() !== month) result.setUTCDate(0);
  return result;
}

/** A confirmed renewal of `years` runs from the later of now and the current expiry. */
export function extendSubscription(current: Date | null, now: Date, years: number): { starts: Date; expires: Date } {
  const starts = current !== null && current.getTime() > now.getTime() ? current : now;
  return { starts, expires: addYears(starts, years) };
}

/**
 * The reminder stage that is due now for an expiry, or null: the 15-day one once within 15 days,
 * the 30-day one within 30 days; none once expired.
 */
export function dueReminderStage(expiresAt: Date, now: Date): ReminderStage | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return null;
  for (const stage of [...REMINDER_STAGES].sort((a, b) => a - b)) if (left <= stage * DAY_MS) return stage;
  return null;
}

/**
 * The fees of an order in minor units of the currency: the yearly price per device × devices ×
 * years, all integers (no rounding anywhere).
 */
export function renewalFees(unitAmount: number, devices: number, years: number): number {
  if (![unitAmount, devices, years].every((value) => Number.isSafeInteger(value) && value >= 0)) {
    throw new RangeError('fees take whole non-negative numbers');
  }
  const total = unitAmount * devices * years;
  if (!Number.isSafeInteger(total)) throw new RangeError('fees too large');
  return total;
}

/** Decimal places of each currency's minor unit (ISO 4217); 2 when not listed. */
const MINOR_DIGITS: Record<string, number> = { KRW: 0, JPY: 0, VND: 0, CLP: 0 };
export const minorDigits = (currency: string) => MINOR_DIGITS[currency] ?? 2;

/** An amount in minor units as a plain decimal text ("1234.50"), for mails and spreadsheets. */
export function formatMinor(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (digits === 0) return `${sign}${abs}`;
  const factor = 10 ** digits;
  return `${sign}${Math.floor(abs / factor)}.${String(abs % factor).padStart(digits, '0')}`;
}

/** Two letters of ISO 3166-1. */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;

/** An account number without its spaces and hyphens, upper-case. */
export const normaliseAccountNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** IBAN checksum (ISO 13616, mod 97). */
function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * A valid remittance account number (spec §5): an IBAN whose checksum holds, or a domestic account
 * number of 6 to 34 digits; spaces and hyphens between groups are allowed.
 */
export function isValidAccountNumber(value: string): boolean {
  const compact = normaliseAccountNumber(value);
  if (/^\d{6,34}$/.test(compact)) return true;
  return /^[A-Z]{2}/.test(compact) && ibanValid(compact);
}

const NUL = '\u0000';
const requiredText = (max: number) =>
  z.pipe(
    z.string(message('required')).check(z.trim()),
    z.string().check(
      z.minLength(1, message('required')),
      z.maxLength(max, message('textTooLong')),
      z.refine((value) => !value.includes(NUL), message('noNulCharacter')),
    ),
  );
const countryRule = z.pipe(
  z.string(message('required')).check(z.trim(), z.toUpperCase()),
  z.string().check(z.minLength(1, message('required')), z.regex(COUNTRY_PATTERN, message('countryCode'))),
);

/** `POST /api/renewal/renewal/`: the moulds, the years and the country whose price and bank apply. */
export const renewalOrderSchema = z.object({
  mold_ids: z
    .array(z.int(message('required')).check(z.gte(1, message('required'))))
    .check(z.minLength(1, message('renewalPickMoulds')), z.maxLength(RENEWAL_MAX_MOLDS, message('tooLarge'))),
  years: z
    .int(message('required'))
    .check(z.gte(1, message('renewalYears')), z.lte(RENEWAL_MAX_YEARS, message('renewalYears'))),
  country: countryRule,
});
export type RenewalOrderInput = z.infer<typeof renewalOrderSchema>;

/**
 * `PUT /api/renewal/renewal/{id}/`: the remittance as the user made it (spec §5). The rule that
 * the remitting bank is in the receiving bank's country needs the order: the server and the
 * console check it with `sameBankCountry`.
 */
export const remittanceSchema = z.object({
  remitter: requiredText(64),
  account_number: z.pipe(
    z.string(message('required')).check(z.trim()),
    z
      .string()
      .check(
        z.minLength(1, message('required')),
        z.maxLength(48, message('textTooLong')),
        z.refine(isValidAccountNumber, message('accountNumberFormat')),
      ),
  ),
  transaction_serial_number: requiredText(64),
  country: countryRule,
  renewal_type: z.enum(RENEWAL_TYPES, message('required')),
  remark: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(500, message('textTooLong')),
      z.refine((value) => !value.includes(NUL), message('noNulCharacter')),
    ),
    '',
  ),
});
export type RemittanceInput = z.infer<typeof remittanceSchema>;

/** Remitting and receiving bank in the same country (spec §5). */
export const sameBankCountry = (remitterCountry: string, receivingCountry: string) =>
  remitterCountry.trim().toUpperCase() === receivingCountry.trim().toUpperCase();

/** A receiving bank and the yearly price per device in one country (`GET /api/renewal/price_list/`). */
export interface RenewalPrice {
  country: string;
  currency: string;
  /** Per device and year, in minor units of the currency. */
  unit_amount: number;
  bank_of_deposit: string;
  account_name: string;
  account_number: string;
  swift: string;
}

/** A mould in the renewal mould list (`GET /api/renewal/renewal_mold/`). */
export interface RenewalMold {
  id: number;
  name: string;
  mold_number: string;
  device_no: string | null;
  /** Epoch seconds; null when no renewal has set it yet. */
  expires_at: number | null;
  days_left: number | null;
  /** The unpaid order that holds it, if any. */
  unpaid_order_no: string | null;
}

export interface RenewalMoldLine {
  mold_id: number;
  name: string;
  mold_number: string;
  /** Epoch seconds: the expiry before this renewal, and the period it bought once finished. */
  previous_expires_at: number | null;
  starts_at: number | null;
  expires_at: number | null;
}

/** A renewal record as the calls answer it: the spec's fields (§3) in the spec's words. */
export interface RenewalRecord {
  id: number;
  order_number: string;
  status: RenewalStatus;
  /** Remittance submitted (the order waits for the platform's confirmation). */
  remitted: boolean;
  year: number;
  country: string;
  currency: string;
  unit_amount: number;
  /** Minor units. */
  remittance_amount: number;
  bank_of_deposit: string;
  account_name: string;
  account_number: string;
  swift: string;
  remitter: string;
  remitter_account_number: string;
  remitter_country: string;
  transaction_serial_number: string;
  renewal_type: RenewalType | null;
  remark: string;
  /** Moulds in the order. */
  record_number: number;
  /** Epoch seconds; set once the platform confirmed the payment. */
  renewal_start_date: number | null;
  expiration_date: number | null;
  created_at: number;
  remitted_at: number | null;
  confirmed_at: number | null;
  cancelled_at: number | null;
  molds?: RenewalMoldLine[];
}

/** `GET /api/renewal/renewal_message/`: whether the sidebar's renewal entry shows its red dot. */
export interface RenewalMessage {
  flag: boolean;
  /** Moulds due (expiring within a month or expired) and not in an unpaid order. */
  count: number;
  mold_ids: number[];
}
