import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeMoldItem } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { listQuery, type HomeFilters } from '../model/filters';

/** One mould of the home list (`GET /api/yudata/mold/more/`). */
export type HomeMould = HomeMoldItem;

export const HOME_MOULDS_KEY = ['home', 'moulds'] as const;

/** GET /api/yudata/mold/more/: every mould of the caller passing the filters, in the caller's order. */
export async function getMoulds(filters: HomeFilters, signal?: AbortSignal): Promise<HomeMould[]> {
  const { data } = await api.get<HomeMould[]>('/yudata/mold/more/', {
    query: listQuery(filters),
    signal,
    offMainThread: true,
  });
  return data;
}

export const mouldsQueryKey = (filters: HomeFilters) => [...HOME_MOULDS_KEY, filters] as const;

export const mouldsQueryOptions = (filters: HomeFilters) =>
  queryOptions({
    queryKey: mouldsQueryKey(filters),
    queryFn: ({ signal }) => getMoulds(filters, signal),
    // Comparing 10,000 moulds with the previous answer costs more than drawing the visible ones again.
    structuralSharing: false,
    // The list stays on screen while another filter's answer loads.
    placeholderData: keepPreviousData,
  });

export const useMoulds = (filters: HomeFilters) => useQuery(mouldsQueryOptions(filters));
