import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';
import type { ReportQuery } from '../model/filters';

/** GET /api/yudata/report/export/: the detail list as .xlsx in the interface language and the user's zone. */
export async function downloadReport(query: ReportQuery): Promise<void> {
  const { blob, filename } = await api.blob('/yudata/report/export/', { query: { ...query } });
  saveFile(blob, filename ?? `report-${query.range}.xlsx`);
}
