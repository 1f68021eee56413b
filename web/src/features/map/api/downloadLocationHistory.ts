import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';
import { windowOf, type HistoryPeriod } from './getLocationHistory';

/** GET /api/yudata/location_history/export/: the track as .xlsx in the user's language and zone. */
export async function downloadLocationHistory(moldId: number, period: HistoryPeriod): Promise<void> {
  const { blob, filename } = await api.blob('/yudata/location_history/export/', {
    query: { mold_id: moldId, ...windowOf(period) },
  });
  saveFile(blob, filename ?? `location-${moldId}.xlsx`);
}
