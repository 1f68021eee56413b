import type { TablePaginationConfig } from 'antd';
import { useMemo, useState } from 'react';
import type { HistoryWindow } from '../model/historyWindow';
import { newestFirst, type Point } from '../model/points';
import type { DetailView } from '../views';
import { useHistoryPage } from './readPoints';

export interface TableState {
  points: readonly Point[];
  loading: boolean;
  pagination: TablePaginationConfig;
}

/**
 * The History tab's table: pages from the view's `…Page` read, or — for status and energy, which
 * have none — the chart's points paged in the browser. A new window starts again at page 1.
 */
export function useHistoryTable(
  view: DetailView,
  moldId: number,
  period: HistoryWindow | undefined,
  chart: { points: readonly Point[] | undefined; fetching: boolean },
): TableState {
  const [paging, setPaging] = useState({ page: 1, limit: 20, period });
  if (paging.period !== period) setPaging({ ...paging, page: 1, period });
  const pagedKind = view.source.paged ? view.source.kind : undefined;
  const page = useHistoryPage(pagedKind, moldId, period, { page: paging.page, limit: paging.limit });
  const localRows = useMemo(() => newestFirst(chart.points ?? []), [chart.points]);

  if (!pagedKind) {
    return { points: period ? localRows : [], loading: chart.fetching, pagination: { defaultPageSize: 20 } };
  }
  return {
    points: page.data?.points ?? [],
    loading: page.isFetching,
    pagination: {
      current: paging.page,
      pageSize: paging.limit,
      total: page.data?.total ?? 0,
      onChange: (next, limit) => setPaging({ page: limit === paging.limit ? next : 1, limit, period }),
    },
  };
}
