import type { WorkOrderRecord, WorkOrderStatus } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

export interface WorkOrderFilters {
  status: WorkOrderStatus | null;
  moldId: number | null;
  /** Start dates from / until, epoch seconds. */
  start: number | null;
  end: number | null;
}

export const WORK_ORDER_KEY = ['workOrders'] as const;
export const WORK_ORDER_LIST_KEY = [...WORK_ORDER_KEY, 'list'] as const;

export const filterQuery = (filters: WorkOrderFilters & { search?: string }) => ({
  search: filters.search || undefined,
  status: filters.status ?? undefined,
  mold_id: filters.moldId ?? undefined,
  start: filters.start ?? undefined,
  end: filters.end ?? undefined,
});

/** GET /api/yudata/work_order/: one page of the orders, searched and filtered. */
export async function listWorkOrders(
  request: PageRequest & WorkOrderFilters,
  signal: AbortSignal,
): Promise<Page<WorkOrderRecord>> {
  const answer = await api.get<WorkOrderRecord[]>('/yudata/work_order/', {
    query: { page: request.page, limit: request.limit, ...filterQuery(request) },
    signal,
  });
  return pageOf(answer);
}
