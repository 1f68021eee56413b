import type { TemperatureUnit } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';
import type { DetailSource } from '../views';
import type { DataWindow } from './getMoldData';

/** The export path names the status view's time states `moldStatus`, every other view by its read. */
const exportKindOf = (source: DetailSource) => (source.kind === 'statusHistory' ? 'moldStatus' : source.kind);

/**
 * GET /api/yudata/mold/export/{kind}/{moldId}/?range&start&end&unit: the window as a spreadsheet,
 * temperatures in the user's unit and texts in the interface language (the client adds `lang`),
 * saved under the name the server gives it (the mould and the range). A failure has been toasted
 * by the API client when this rejects.
 */
export async function downloadExport(
  source: DetailSource,
  moldId: number,
  window: DataWindow,
  unit: TemperatureUnit,
): Promise<void> {
  const { blob, filename } = await api.blob(`/yudata/mold/export/${exportKindOf(source)}/${moldId}/`, {
    query: { ...window, unit },
  });
  saveFile(blob, filename ?? `${exportKindOf(source)}-${window.range}.xlsx`);
}
