import type { WorkOrderForm, WorkOrderRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** POST /api/yudata/work_order/ (new) or PUT /api/yudata/work_order/{id}/: answers the toast text. */
export async function saveWorkOrder(id: number | null, form: WorkOrderForm): Promise<string> {
  const answer =
    id === null
      ? await api.post<WorkOrderRecord>('/yudata/work_order/', form)
      : await api.put<WorkOrderRecord>(`/yudata/work_order/${id}/`, form);
  return answer.msg;
}
