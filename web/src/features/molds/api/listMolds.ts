import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface Named {
  id: number;
  name: string;
}

/** One row of the mould list (`GET /api/yudata/mold_setting/`). */
export interface MoldListItem {
  id: number;
  name: string;
  mold_number: string;
  company: Named | null;
  group: Named | null;
  device: { id: number; device_no: string } | null;
  online: boolean;
  subscription_expires_at: string | null;
  mold_image: string;
  /** Shared to the caller by someone else: nothing may be changed. */
  read_only: boolean;
  updated_at: string;
}

export interface MoldListQuery {
  page: number;
  limit: number;
  search: string;
  companyId: number | null;
  groupId: number | null;
}

export interface MoldPage {
  items: MoldListItem[];
  total: number;
}

export const MOLD_LIST_KEY = ['molds', 'list'] as const;

export async function listMolds(query: MoldListQuery, signal?: AbortSignal): Promise<MoldPage> {
  const { data, total } = await api.get<MoldListItem[]>('/yudata/mold_setting/', {
    query: {
      page: query.page,
      limit: query.limit,
      search: query.search.trim() || undefined,
      company_id: query.companyId ?? undefined,
      group_id: query.groupId ?? undefined,
    },
    signal,
  });
  return { items: data, total: total ?? data.length };
}

export const moldListQueryOptions = (query: MoldListQuery) =>
  queryOptions({
    queryKey: [...MOLD_LIST_KEY, query] as const,
    queryFn: ({ signal }) => listMolds(query, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useMoldList = (query: MoldListQuery) => useQuery(moldListQueryOptions(query));
