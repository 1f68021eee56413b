import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface NamedOption {
  id: number;
  name: string;
}

/** GET /api/yudata/mold/group/{companyId}/: the company's mould groups, by name (the form's group field). */
const groupsQueryOptions = (companyId: number | undefined) =>
  queryOptions({
    queryKey: ['molds', 'groups', companyId] as const,
    queryFn: async ({ signal }) => (await api.get<NamedOption[]>(`/yudata/mold/group/${companyId}/`, { signal })).data,
    enabled: companyId !== undefined,
  });

export const useGroups = (companyId: number | undefined) => useQuery(groupsQueryOptions(companyId));
