import type { DeviceCredentials } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** PUT /api/yudata/device/{id}/rotate_token/: the device's new token (the old one stops working), shown once. */
export async function rotateDeviceToken(deviceId: number): Promise<string> {
  const { data } = await api.put<DeviceCredentials>(`/yudata/device/${deviceId}/rotate_token/`);
  return data.token;
}

/** PUT /api/yudata/device/{id}/ {mold_id: null}: the device leaves its mould. */
export async function unbindDevice(deviceId: number): Promise<void> {
  await api.put(`/yudata/device/${deviceId}/`, { mold_id: null });
}
