import * as z from 'zod/mini';
import { deviceNoRule } from '../validation/rules.js';

/** `POST /api/yudata/device/`: registers a device; the answer carries its token, shown once. */
export const deviceCreateSchema = z.object({ device_no: deviceNoRule });
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;

/** `PUT /api/yudata/device/{id}/`: binds the device to a mould (unbinding that mould's old device), or unbinds it with null. */
export const deviceBindSchema = z.object({ mold_id: z.nullable(z.int().check(z.positive())) });
export type DeviceBind = z.infer<typeof deviceBindSchema>;

/** A registered device as the device list shows it; times are epoch seconds. */
export interface DeviceRecord {
  id: number;
  device_no: string;
  mold_id: number | null;
  mold_name: string | null;
  mold_number: string | null;
  created_at: number;
  last_seen_at: number | null;
}

/** A device with its secret token: answered on registration and on token rotation, never again. */
export interface DeviceCredentials {
  id: number;
  device_no: string;
  token: string;
}
