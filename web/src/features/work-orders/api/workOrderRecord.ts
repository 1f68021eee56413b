import { useQuery } from '@tanstack/react-query';
import type { WorkOrderRecord, WorkOrderRejectRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { WORK_ORDER_KEY } from './listWorkOrders';

export type WorkOrderDetail = WorkOrderRecord & { rejects: WorkOrderRejectRecord[] };

export const workOrderKey = (id: number) => [...WORK_ORDER_KEY, 'record', id] as const;

/** GET /api/yudata/work_order/{id}/: the order with its progress and rejects. */
export async function getWorkOrder(id: number, signal: AbortSignal): Promise<WorkOrderDetail> {
  return (await api.get<WorkOrderDetail>(`/yudata/work_order/${id}/`, { signal })).data;
}

export const useWorkOrder = (id: number | null) =>
  useQuery({
    queryKey: workOrderKey(id ?? 0),
    queryFn: ({ signal }) => getWorkOrder(id ?? 0, signal),
    enabled: id !== null,
  });
