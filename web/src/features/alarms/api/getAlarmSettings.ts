import { useQuery } from '@tanstack/react-query';
import type { AlarmSettings } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

export const ALARM_SETTINGS_KEY = ['alarms', 'settings'] as const;

/** GET /api/yudata/alarm/settings/: the organisation's escalation delay. */
export async function getAlarmSettings(signal?: AbortSignal): Promise<AlarmSettings> {
  return (await api.get<AlarmSettings>('/yudata/alarm/settings/', { signal, quiet: true })).data;
}

export const useAlarmSettings = (enabled: boolean) =>
  useQuery({ queryKey: ALARM_SETTINGS_KEY, queryFn: ({ signal }) => getAlarmSettings(signal), enabled });
