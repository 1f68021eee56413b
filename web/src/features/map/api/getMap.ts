import { useQuery } from '@tanstack/react-query';
import type { MapAnswer } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { fromRow, type MapMould } from '../model/mapModel';

export const MAP_QUERY_KEY = ['map', 'moulds'] as const;

export interface MapData {
  moulds: MapMould[];
  companies: MapAnswer['companies'];
  groups: MapAnswer['groups'];
}

/** GET /api/yudata/map/: every readable mould with a position, as compact rows, and the filters' names. */
export async function getMap(signal: AbortSignal): Promise<MapData> {
  const { data } = await api.get<MapAnswer>('/yudata/map/', { signal });
  return { moulds: data.rows.map(fromRow), companies: data.companies, groups: data.groups };
}

export function useMapMoulds() {
  return useQuery({ queryKey: MAP_QUERY_KEY, queryFn: ({ signal }) => getMap(signal), staleTime: 30_000 });
}
