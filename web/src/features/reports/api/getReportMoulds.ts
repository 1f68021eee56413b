import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REPORTS_KEY } from './keys';
import type { ReportMouldOption } from './types';

/** GET /api/yudata/report/moulds/?company_id&group_id: the moulds the user may report on, by name. */
export async function getReportMoulds(
  filter: { companyId?: number; groupId?: number },
  signal?: AbortSignal,
): Promise<ReportMouldOption[]> {
  const { data } = await api.get<ReportMouldOption[]>('/yudata/report/moulds/', {
    query: { company_id: filter.companyId, group_id: filter.groupId },
    signal,
  });
  return data;
}

export const useReportMoulds = (filter: { companyId?: number; groupId?: number }) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'moulds', filter.companyId, filter.groupId],
    queryFn: ({ signal }) => getReportMoulds(filter, signal),
  });
