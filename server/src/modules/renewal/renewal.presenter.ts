import type { RenewalMoldLine, RenewalPrice, RenewalRecord, RenewalStatus, RenewalType } from '@mouldwatch/shared';
import type { PriceRow, RenewalRow } from './renewal.repository.js';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date === null ? null : seconds(date));

export function presentPrice(row: PriceRow): RenewalPrice {
  return {
    country: row.country,
    currency: row.currency,
    unit_amount: Number(row.unit_amount),
    bank_of_deposit: row.bank_of_deposit,
    account_name: row.account_name,
    account_number: row.account_number,
    swift: row.swift,
  };
}

/** A renewal order in the spec's words (§3 "Renewal record"). */
export function presentRenewal(row: RenewalRow): RenewalRecord {
  return {
    id: Number(row.id),
    order_number: row.order_no,
    status: row.status as RenewalStatus,
    remitted: row.remitted_at !== null,
    year: row.years,
    country: row.country,
    currency: row.currency,
    unit_amount: Number(row.unit_amount),
    remittance_amount: Number(row.amount),
    bank_of_deposit: row.bank_of_deposit,
    account_name: row.account_name,
    account_number: row.account_number,
    swift: row.swift,
    remitter: row.remitter,
    remitter_account_number: row.remitter_account_number,
    remitter_country: row.remitter_country,
    transaction_serial_number: row.transaction_serial_number,
    renewal_type: (row.renewal_type as RenewalType | null) ?? null,
    remark: row.remark,
    record_number: row.record_number,
    renewal_start_date: secondsOrNull(row.renewal_start_date),
    expiration_date: secondsOrNull(row.expiration_date),
    created_at: seconds(row.created_at),
    remitted_at: secondsOrNull(row.remitted_at),
    confirmed_at: secondsOrNull(row.confirmed_at),
    cancelled_at: secondsOrNull(row.cancelled_at),
  };
}

export function presentLine(row: {
  mold_id: number;
  name: string;
  mold_number: string;
  subscription_expires_at: Date | null;
  previous_expires_at: Date | null;
  starts_at: Date | null;
  expires_at: Date | null;
}): RenewalMoldLine {
  // Before confirmation the line's "previous" expiry is the mould's current one.
  const previous = row.starts_at === null ? row.subscription_expires_at : row.previous_expires_at;
  return {
    mold_id: Number(row.mold_id),
    name: row.name,
    mold_number: row.mold_number,
    previous_expires_at: secondsOrNull(previous),
    starts_at: secondsOrNull(row.starts_at),
    expires_at: secondsOrNull(row.expires_at),
  };
}
