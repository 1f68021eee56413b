import { useQuery } from '@tanstack/react-query';
import type { FilterOptions } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** GET /api/yudata/more/filter/: the companies, groups, customers and countries of the caller's own moulds. */
export async function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  const { data } = await api.get<FilterOptions>('/yudata/more/filter/', { signal });
  return data;
}

export const FILTER_OPTIONS_KEY = ['home', 'filterOptions'] as const;

export const useFilterOptions = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: FILTER_OPTIONS_KEY,
    queryFn: ({ signal }) => getFilterOptions(signal),
    staleTime: 5 * 60_000,
  });
