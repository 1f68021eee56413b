import { api } from '../../../lib/api';

/** DELETE /api/yudata/work_order/{id}/: the order with its rejects; answers the toast text. */
export async function deleteWorkOrder(id: number): Promise<string> {
  return (await api.delete<null>(`/yudata/work_order/${id}/`)).msg;
}
