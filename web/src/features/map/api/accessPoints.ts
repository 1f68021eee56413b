import { useMutation } from '@tanstack/react-query';
import type { AccessPointForm, AccessPointRecord } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

export const ACCESS_POINTS_QUERY_KEY = ['map', 'access-points'] as const;

/** GET /api/yudata/map/access_points/[?search&page&limit]: the known WiFi access points, a page. */
export async function fetchAccessPoints(request: PageRequest, signal: AbortSignal): Promise<Page<AccessPointRecord>> {
  const query = { page: request.page, limit: request.limit, ...(request.search ? { search: request.search } : {}) };
  return pageOf(await api.get<AccessPointRecord[]>('/yudata/map/access_points/', { query, signal }));
}

const refresh = () => queryClient.invalidateQueries({ queryKey: ACCESS_POINTS_QUERY_KEY });

/** POST /api/yudata/map/access_points/, or PUT …/{id}/ when an id is given. */
export function useSaveAccessPoint() {
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: AccessPointForm }) =>
      id === undefined
        ? api.post<AccessPointRecord>('/yudata/map/access_points/', form)
        : api.put<AccessPointRecord>(`/yudata/map/access_points/${id}/`, form),
    onSuccess: refresh,
  });
}

/** DELETE /api/yudata/map/access_points/{id}/. */
export function useDeleteAccessPoint() {
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/yudata/map/access_points/${id}/`),
    onSuccess: refresh,
  });
}
