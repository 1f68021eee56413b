import * as z from 'zod/mini';
import { deviceNoRule } from '../validation/rules.js';

/** `POST /api/yudata/device/`: registers a device; the answer carries its token, shown once. */
export const deviceCreateSchema = z.object({ device_no: deviceNoRule });
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;

/** `PUT /api/yudata/device/{id}/`: binds the device to a mould (unbinding that mould's old device), or unbinds it with null. */
export const deviceBindSchema = z.object({ mold_id: z.nullable(z.int().check(z.positive())) });
export type DeviceBind = z.infer<typeof deviceBindSchema>;

/**
 * Raw readings and time-state slots are kept this many days; the roll-ups keep the history. A reading
 * older than that when it arrives is stored raw but counted nowhere (its slots and buckets are never
 * recomputed).
 */
export const RAW_RETENTION_DAYS = 35;

/**
 * What a device sent that is older than the raw retention: stored raw but counted in no time-state
 * slot, history bucket or report (issue 25). Times are epoch seconds; null while it sent none.
 */
export interface TooOldReadings {
  /** How many such readings it has sent. */
  count: number;
  /** When the last of them was received. */
  last_received_at: number;
  /** The oldest reading time among them. */
  oldest_ts: number;
}

/** A registered device as the device list shows it; times are epoch seconds. */
export interface DeviceRecord {
  id: number;
  device_no: string;
  mold_id: number | null;
  mold_name: string | null;
  mold_number: string | null;
  created_at: number;
  last_seen_at: number | null;
  too_old: TooOldReadings | null;
}

/** A device with its secret token: answered on registration and on token rotation, never again. */
export interface DeviceCredentials {
  id: number;
  device_no: string;
  token: string;
}
