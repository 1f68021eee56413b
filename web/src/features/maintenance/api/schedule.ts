import type { MaintenanceScheduleItem, MaintenanceStatus, MaintenanceTaskType } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

export const MAINTENANCE_QUERY_KEY = ['maintenance'] as const;

/** A schedule row with its key in the table (task and mould). */
export type ScheduleRow = MaintenanceScheduleItem & { key: string };

export interface ScheduleFilters {
  company_id?: number;
  group_id?: number;
  status?: MaintenanceStatus;
  task_type?: MaintenanceTaskType;
}

/** GET /api/yudata/maintenance/schedule/: one row per task and mould, most urgent first. */
export async function fetchSchedule(
  request: PageRequest & ScheduleFilters,
  signal: AbortSignal,
): Promise<Page<ScheduleRow>> {
  const { search, ...query } = request;
  const answer = await api.get<MaintenanceScheduleItem[]>('/yudata/maintenance/schedule/', {
    query: { ...query, ...(search ? { keyword: search } : {}) },
    signal,
  });
  const page = pageOf(answer);
  return { ...page, items: page.items.map((item) => ({ ...item, key: `${item.task_id}-${item.mold_id}` })) };
}
