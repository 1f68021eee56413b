import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportQuery } from '../model/filters';
import { REPORTS_KEY } from './keys';
import type { CycleReport } from './types';

/**
 * GET /api/yudata/report/cycle/?buckets=0: each mould's cycle-time statistics over the period and the
 * distribution (the screen draws the averages per bucket from the summary).
 */
export async function getCycles(query: ReportQuery, signal?: AbortSignal): Promise<CycleReport> {
  const asked = { ...query, buckets: 0 };
  return (await api.get<CycleReport>('/yudata/report/cycle/', { query: asked, signal, quiet: true })).data;
}

export const useCycles = (query: ReportQuery | null, zone: string) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'cycle', query, zone],
    queryFn: ({ signal }) => getCycles(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
