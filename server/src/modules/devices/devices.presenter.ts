import type { DeviceCredentials, DeviceRecord, TooOldReadings } from '@mouldwatch/shared';
import type { DeviceRow } from '../../infra/db/schema.js';
import type { DeviceListRow } from './devices.repository.js';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function presentDevice(row: DeviceListRow): DeviceRecord {
  return {
    id: row.id,
    device_no: row.device_no,
    mold_id: row.mold_id,
    mold_name: row.mold_name,
    mold_number: row.mold_number,
    created_at: epochSeconds(row.created_at),
    last_seen_at: row.last_seen_at ? epochSeconds(row.last_seen_at) : null,
    too_old: presentTooOld(row),
  };
}

/** A device's readings counted nowhere for their age (issue 25); null while it sent none. */
export function presentTooOld(row: {
  too_old_count: number | null;
  too_old_last_at: Date | null;
  too_old_oldest_ts: Date | null;
}): TooOldReadings | null {
  if (!row.too_old_count || !row.too_old_last_at || !row.too_old_oldest_ts) return null;
  return {
    count: row.too_old_count,
    last_received_at: epochSeconds(row.too_old_last_at),
    oldest_ts: epochSeconds(row.too_old_oldest_ts),
  };
}

export function presentCredentials(row: DeviceRow, token: string): DeviceCredentials {
  return { id: row.id, device_no: row.device_no, token };
}
