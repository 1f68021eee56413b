import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertChannelsConfigured } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** GET /api/yudata/alert/channels/: which channels the server can send on (SMTP_URL, SMS_URL). */
export async function getAlertChannels(signal?: AbortSignal): Promise<AlertChannelsConfigured> {
  const { data } = await api.get<AlertChannelsConfigured>('/yudata/alert/channels/', { signal, quiet: true });
  return data;
}

export const alertChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ['alert-channels'],
    queryFn: ({ signal }) => getAlertChannels(signal),
    staleTime: 5 * 60_000,
  });

export const useAlertChannels = () => useQuery(alertChannelsQueryOptions());
