import { useQuery } from '@tanstack/react-query';
import type { LocationHistoryPoint } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** The last this many seconds; 0: all of the history. */
export type HistoryPeriod = number;

/** The query's window: from `period` seconds ago to now (all for 0). */
export const windowOf = (period: HistoryPeriod) =>
  period === 0 ? {} : { start: Math.floor(Date.now() / 1000) - period };

/** GET /api/yudata/location_history/?mold_id&limit=9999[&start]: the track, newest first. */
export function useLocationHistory(moldId: number | null, period: HistoryPeriod) {
  return useQuery({
    queryKey: ['map', 'history', moldId, period],
    enabled: moldId !== null,
    queryFn: async ({ signal }) => {
      const query = { mold_id: moldId!, limit: 9999, ...windowOf(period) };
      const answer = await api.get<LocationHistoryPoint[]>('/yudata/location_history/', { query, signal });
      return { points: answer.data, total: answer.total ?? answer.data.length };
    },
  });
}
