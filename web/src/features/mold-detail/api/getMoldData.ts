import type { DataRange, MoldDataKind, MoldDataRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { pointOfRecord, type Point } from '../model/points';

/** A read's range and window (epoch seconds). */
export interface DataWindow {
  range: DataRange;
  start: number;
  end: number;
}

/** GET /api/yudata/mold/{kind}/{moldId}/?range&start&end: raw readings or buckets, oldest first. */
export async function getMoldData(
  kind: MoldDataKind,
  moldId: number,
  window: DataWindow,
  signal?: AbortSignal,
): Promise<Point[]> {
  const { data } = await api.get<MoldDataRecord[]>(`/yudata/mold/${kind}/${moldId}/`, { query: { ...window }, signal });
  return data.map(pointOfRecord);
}
