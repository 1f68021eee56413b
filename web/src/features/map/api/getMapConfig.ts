import { useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** GET /api/yudata/map/config/: the tile sources of the two providers. */
export function useMapConfig() {
  return useQuery({
    queryKey: ['map', 'config'],
    queryFn: async ({ signal }) => (await api.get<MapConfig>('/yudata/map/config/', { signal })).data,
    staleTime: Infinity,
  });
}
