import type { TimeStateRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { pointOfTimeState, type Point } from '../model/points';
import type { DataWindow } from './getMoldData';

/**
 * GET /api/yudata/mold/statusHistory/{moldId}/?start&end: the 5-minute time-state slots in real
 * time; with `range` (hour, day, week, month) one record per bucket.
 */
export async function getStatusHistory(moldId: number, window: DataWindow, signal?: AbortSignal): Promise<Point[]> {
  const { range, start, end } = window;
  const { data } = await api.get<TimeStateRecord[]>(`/yudata/mold/statusHistory/${moldId}/`, {
    query: { start, end, range: range === 'realtime' ? undefined : range },
    signal,
  });
  return data.map(pointOfTimeState);
}
