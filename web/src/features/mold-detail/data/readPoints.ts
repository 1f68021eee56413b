import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MoldDataKind } from '@mouldwatch/shared';
import { getMoldData, type DataWindow } from '../api/getMoldData';
import { getMoldDataPage } from '../api/getMoldDataPage';
import { getStatusHistory } from '../api/getStatusHistory';
import type { HistoryWindow } from '../model/historyWindow';
import type { Point } from '../model/points';
import type { DetailSource, DetailView } from '../views';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

function readPoints(source: DetailSource, moldId: number, window: DataWindow, signal: AbortSignal): Promise<Point[]> {
  return source.kind === 'statusHistory'
    ? getStatusHistory(moldId, window, signal)
    : getMoldData(source.kind, moldId, window, signal);
}

/** The Real Time tab's points: its window up to now, read when shown; live readings are added to this cache entry. */
export const realtimeQueryKey = (view: DetailView, moldId: number) => ['moldDetail', 'realtime', view.id, moldId] as const;

export function useRealtimePoints(view: DetailView, moldId: number) {
  return useQuery({
    queryKey: realtimeQueryKey(view, moldId),
    queryFn: ({ signal }) => {
      const end = nowSeconds();
      return readPoints(view.source, moldId, { range: 'realtime', start: end - view.realtimeSeconds, end }, signal);
    },
    staleTime: 0,
    // Values the server derives also change while no reading arrives (a silent mould goes off).
    refetchInterval: view.live === 'reread' ? 60_000 : false,
  });
}

/** The History tab's points of the chosen window; nothing is read before a date is chosen. */
export function useHistoryPoints(view: DetailView, moldId: number, window: HistoryWindow | undefined) {
  return useQuery({
    queryKey: ['moldDetail', 'history', view.source.kind, moldId, window],
    queryFn: ({ signal }) => readPoints(view.source, moldId, window!, signal),
    enabled: window !== undefined,
  });
}

/** One page of the History tab's table from a `…Page` read, newest first; `kind` undefined reads nothing. */
export function useHistoryPage(
  kind: MoldDataKind | undefined,
  moldId: number,
  window: HistoryWindow | undefined,
  paging: { page: number; limit: number },
) {
  return useQuery({
    queryKey: ['moldDetail', 'historyPage', kind, moldId, window, paging],
    queryFn: ({ signal }) => getMoldDataPage(kind!, moldId, window!, paging, signal),
    enabled: kind !== undefined && window !== undefined,
    placeholderData: keepPreviousData,
  });
}
