import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface NamedOption {
  id: number;
  name: string;
}

/** GET /api/yudata/mold/company/: every company of the organisation, by name. */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: ['molds', 'companies'] as const,
    queryFn: async ({ signal }) => (await api.get<NamedOption[]>('/yudata/mold/company/', { signal })).data,
  });

/** GET /api/yudata/mold/group/{companyId}/: the company's mould groups, by name. */
export const groupsQueryOptions = (companyId: number | null | undefined) =>
  queryOptions({
    queryKey: ['molds', 'groups', companyId] as const,
    queryFn: async ({ signal }) => (await api.get<NamedOption[]>(`/yudata/mold/group/${companyId}/`, { signal })).data,
    enabled: typeof companyId === 'number',
  });

export const useCompanies = () => useQuery(companiesQueryOptions());
export const useGroups = (companyId: number | null | undefined) => useQuery(groupsQueryOptions(companyId));
