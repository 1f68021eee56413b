import type { DeviceCredentials, DeviceRecord } from '@mouldwatch/shared';
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
  };
}

export function presentCredentials(row: DeviceRow, token: string): DeviceCredentials {
  return { id: row.id, device_no: row.device_no, token };
}
