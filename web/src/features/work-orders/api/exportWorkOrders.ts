import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';
import { filterQuery, type WorkOrderFilters } from './listWorkOrders';

/** GET /api/yudata/work_order/export/: the filtered orders as .xlsx in the user's language and zone. */
export async function exportWorkOrders(filters: WorkOrderFilters & { search: string }): Promise<void> {
  const { blob, filename } = await api.blob('/yudata/work_order/export/', { query: filterQuery(filters) });
  saveFile(blob, filename ?? 'work-orders.xlsx');
}
