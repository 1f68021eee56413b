import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A role as the user form's picker needs it (GET /api/yudata/role/ answers more). */
export interface RoleChoice {
  id: number;
  name: string;
}

/** GET /api/yudata/role/?limit=1000: every role of the organisation, for the picker. */
export async function getRoles(signal?: AbortSignal): Promise<RoleChoice[]> {
  const { data } = await api.get<RoleChoice[]>('/yudata/role/', {
    query: { page: 1, limit: 1000 },
    signal,
    quiet: true,
  });
  return data;
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'roles'], queryFn: ({ signal }) => getRoles(signal) });

export const useRoles = (enabled: boolean) => useQuery({ ...rolesQueryOptions(), enabled });
