import { useMutation, useQuery } from '@tanstack/react-query';
import type { PermissionTreeNode, RoleForm, RoleRecord } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

export const ROLES_QUERY_KEY = ['roles'] as const;

/** GET /api/yudata/role/ or, with a search, /api/yudata/role/obscure_search/?name. */
export async function fetchRoles(request: PageRequest, signal: AbortSignal): Promise<Page<RoleRecord>> {
  const query = { page: request.page, limit: request.limit };
  const answer = request.search
    ? await api.get<RoleRecord[]>('/yudata/role/obscure_search/', { query: { ...query, name: request.search }, signal })
    : await api.get<RoleRecord[]>('/yudata/role/', { query, signal });
  return pageOf(answer);
}

/** GET /api/yudata/role/roleId_get_menu/[?id]: the menu as a tree, with the role's grants when editing one. */
export function usePermissionTree(roleId: number | undefined) {
  return useQuery({
    queryKey: [...ROLES_QUERY_KEY, 'tree', roleId ?? null],
    queryFn: async ({ signal }) => {
      const query = roleId === undefined ? {} : { id: roleId };
      return (await api.get<PermissionTreeNode[]>('/yudata/role/roleId_get_menu/', { query, signal })).data;
    },
    staleTime: 0,
  });
}

/** The role screen's lists and trees load again after any change. */
const refreshRoles = () => queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });

/** POST /api/yudata/role/, or PUT /api/yudata/role/{id}/ when an id is given. */
export function useSaveRole() {
  return useMutation({
    mutationFn: async ({ id, form }: { id?: number; form: RoleForm }) =>
      id === undefined ? api.post<RoleRecord>('/yudata/role/', form) : api.put<RoleRecord>(`/yudata/role/${id}/`, form),
    onSuccess: refreshRoles,
  });
}

/** DELETE /api/yudata/role/{id}/; the server refuses a role users hold, or the caller's own. */
export function useDeleteRole() {
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/yudata/role/${id}/`),
    onSuccess: refreshRoles,
  });
}
