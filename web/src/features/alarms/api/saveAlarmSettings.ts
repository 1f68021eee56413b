import type { AlarmSettings } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** PUT /api/yudata/alarm/settings/ (edit on the alarm menu item). */
export async function saveAlarmSettings(settings: AlarmSettings): Promise<AlarmSettings> {
  return (await api.put<AlarmSettings>('/yudata/alarm/settings/', settings)).data;
}
