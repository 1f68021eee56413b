import type { WorkOrderRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** POST /api/yudata/work_order/{id}/start/ (after the confirmation): answers the toast text. */
export async function startWorkOrder(id: number): Promise<string> {
  return (await api.post<WorkOrderRecord>(`/yudata/work_order/${id}/start/`)).msg;
}
