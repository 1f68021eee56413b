import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportQuery } from '../model/filters';
import { REPORTS_KEY } from './keys';
import type { Summary } from './types';

/** GET /api/yudata/report/summary/: per bucket over the moulds, per mould, the total and its losses. */
export async function getSummary(query: ReportQuery, signal?: AbortSignal): Promise<Summary> {
  return (await api.get<Summary>('/yudata/report/summary/', { query: { ...query }, signal, quiet: true })).data;
}

export const useSummary = (query: ReportQuery | null, zone: string) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'summary', query, zone],
    queryFn: ({ signal }) => getSummary(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
