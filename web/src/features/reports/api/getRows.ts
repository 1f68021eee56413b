import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportQuery } from '../model/filters';
import { REPORTS_KEY } from './keys';
import type { ReportRow } from './types';

export interface RowsRequest {
  page: number;
  limit: number;
  sort: string;
  order: 'asc' | 'desc';
}

/** GET /api/yudata/report/rows/: one sorted page of the figures per mould and bucket. */
export async function getRows(query: ReportQuery, paging: RowsRequest, signal?: AbortSignal) {
  const { data, total } = await api.get<ReportRow[]>('/yudata/report/rows/', {
    query: { ...query, ...paging },
    signal,
    quiet: true,
  });
  return { rows: data, total: total ?? data.length };
}

export const useRows = (query: ReportQuery | null, paging: RowsRequest, zone: string) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'rows', query, paging, zone],
    queryFn: ({ signal }) => getRows(query!, paging, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
