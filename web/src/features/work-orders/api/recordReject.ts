import type { WorkOrderRecord, WorkOrderReject } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** POST /api/yudata/work_order/{id}/reject/: rejected parts and a remark; answers the toast text. */
export async function recordReject(id: number, entry: WorkOrderReject): Promise<string> {
  return (await api.post<WorkOrderRecord>(`/yudata/work_order/${id}/reject/`, entry)).msg;
}
