import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  MaintenanceHistoryItem,
  MaintenanceRecordForm,
  MaintenanceScheduleItem,
  MaintenanceTaskForm,
  MaintenanceTaskRecord,
} from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { MAINTENANCE_QUERY_KEY } from './schedule';

const refresh = () => queryClient.invalidateQueries({ queryKey: MAINTENANCE_QUERY_KEY });

/** GET /api/yudata/maintenance/task/{id}/: the task as its form edits it. */
export function useTask(taskId: number | undefined) {
  return useQuery({
    queryKey: [...MAINTENANCE_QUERY_KEY, 'task', taskId],
    queryFn: async ({ signal }) =>
      (await api.get<MaintenanceTaskRecord>(`/yudata/maintenance/task/${taskId}/`, { signal })).data,
    enabled: taskId !== undefined,
    staleTime: 0,
  });
}

/** GET /api/yudata/maintenance/molds/?search: moulds a task may be given. */
export function useMoldOptions(search: string) {
  return useQuery({
    queryKey: [...MAINTENANCE_QUERY_KEY, 'molds', search],
    queryFn: async ({ signal }) =>
      (
        await api.get<Array<{ id: number; name: string; mold_number: string }>>('/yudata/maintenance/molds/', {
          query: { search },
          signal,
        })
      ).data,
  });
}

/** POST /api/yudata/maintenance/task/, or PUT …/task/{id}/ with an id. */
export function useSaveTask() {
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: MaintenanceTaskForm }) =>
      id === undefined
        ? api.post<MaintenanceTaskRecord>('/yudata/maintenance/task/', form)
        : api.put<MaintenanceTaskRecord>(`/yudata/maintenance/task/${id}/`, form),
    onSuccess: refresh,
  });
}

/** DELETE /api/yudata/maintenance/task/{id}/. */
export function useDeleteTask() {
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/yudata/maintenance/task/${id}/`),
    onSuccess: refresh,
  });
}

/** POST /api/yudata/maintenance/schedule/start/: the task is due on the mould now. */
export function useStartTask() {
  return useMutation({
    mutationFn: (link: { task_id: number; mold_id: number }) =>
      api.post<MaintenanceScheduleItem>('/yudata/maintenance/schedule/start/', link),
    onSuccess: refresh,
  });
}

/** POST /api/yudata/maintenance/record/: submit a maintenance task. */
export function useRecordMaintenance() {
  return useMutation({
    mutationFn: (form: MaintenanceRecordForm) => api.post<MaintenanceHistoryItem>('/yudata/maintenance/record/', form),
    onSuccess: refresh,
  });
}
