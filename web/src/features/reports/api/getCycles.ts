import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportQuery } from '../model/filters';
import { REPORTS_KEY } from './keys';
import type { CycleReport } from './types';

/** GET /api/yudata/report/cycle/: cycle-time statistics from the raw cycles (at most 31 days). */
export async function getCycles(query: ReportQuery, signal?: AbortSignal): Promise<CycleReport> {
  return (await api.get<CycleReport>('/yudata/report/cycle/', { query: { ...query }, signal, quiet: true })).data;
}

export const useCycles = (query: ReportQuery | null, zone: string) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'cycle', query, zone],
    queryFn: ({ signal }) => getCycles(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
