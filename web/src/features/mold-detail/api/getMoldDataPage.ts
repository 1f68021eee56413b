import type { MoldDataKind, MoldDataRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { pointOfRecord, type Point } from '../model/points';
import type { DataWindow } from './getMoldData';

export interface PointsPage {
  points: Point[];
  total: number;
}

/** GET /api/yudata/mold/{kind}Page/{moldId}/?range&start&end&page&limit: one page, newest first. */
export async function getMoldDataPage(
  kind: MoldDataKind,
  moldId: number,
  window: DataWindow,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<PointsPage> {
  const answer = await api.get<MoldDataRecord[]>(`/yudata/mold/${kind}Page/${moldId}/`, {
    query: { ...window, ...paging },
    signal,
  });
  return { points: answer.data.map(pointOfRecord), total: answer.total ?? answer.data.length };
}
