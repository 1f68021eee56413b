import { useQuery } from '@tanstack/react-query';
import type { NamedRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { ORGANISATION_KEY } from './keys';

/** GET /api/yudata/mold/group/{companyId}/: the company's mould groups, by name. */
export async function getGroupOptions(companyId: number, signal?: AbortSignal): Promise<NamedRecord[]> {
  return (await api.get<NamedRecord[]>(`/yudata/mold/group/${companyId}/`, { signal })).data;
}

/** Nothing is asked until a company is chosen. */
export const useGroupOptions = (companyId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...ORGANISATION_KEY, 'groupOptions', companyId],
    queryFn: ({ signal }) => getGroupOptions(companyId ?? 0, signal),
    enabled: enabled && companyId !== undefined,
  });
