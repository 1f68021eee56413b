import type { MaintenanceHistoryItem, MaintenanceTaskType } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

export interface HistoryFilters {
  company_id?: number;
  group_id?: number;
  task_type?: MaintenanceTaskType;
  start?: number;
  end?: number;
}

const queryOf = ({ search, ...filters }: Partial<PageRequest> & HistoryFilters) => ({
  ...filters,
  ...(search ? { keyword: search } : {}),
});

/** GET /api/yudata/maintenance/history/: the records, newest first. */
export async function fetchHistory(
  request: PageRequest & HistoryFilters,
  signal: AbortSignal,
): Promise<Page<MaintenanceHistoryItem>> {
  const answer = await api.get<MaintenanceHistoryItem[]>('/yudata/maintenance/history/', {
    query: queryOf(request),
    signal,
  });
  return pageOf(answer);
}

/** GET /api/yudata/maintenance/history/export/: the filtered history as .xlsx, in the user's language and zone. */
export async function downloadHistory(filters: HistoryFilters & { search: string }): Promise<void> {
  const { blob, filename } = await api.blob('/yudata/maintenance/history/export/', { query: queryOf(filters) });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'maintenance-history.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
