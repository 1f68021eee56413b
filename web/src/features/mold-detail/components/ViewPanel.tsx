import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import type { TableState } from '../data/useHistoryTable';
import type { Measure } from '../model/measures';
import { withGapFillers, type Point } from '../model/points';
import type { DetailView, ViewContext } from '../views';
import { ChannelLegend } from './ChannelLegend';
import { DetailChart, type ChartState } from './DetailChart';
import { DetailTable } from './DetailTable';
import { StateShares } from './StateShares';

/** Where the points stand: read (possibly again), still on their way, or failed. */
export interface PointsState {
  points: readonly Point[] | undefined;
  pending: boolean;
  refreshing: boolean;
  error: boolean;
  retry(): void;
}

export interface ViewPanelProps {
  view: DetailView;
  context: ViewContext;
  points: PointsState;
  /** Why there is nothing to read yet (no date chosen), or what an empty read means. */
  idle?: ChartState;
  empty: ChartState;
  table: TableState;
}

function chartState(
  { view, context, points, idle, empty }: Omit<ViewPanelProps, 'table'>,
  measures: readonly Measure[],
  option: EChartsCoreOption | undefined,
): ChartState {
  if (idle) return idle;
  if (points.error) return { kind: 'error', retry: points.retry };
  if (points.pending || !points.points) return { kind: 'loading' };
  if (view.channelSection && measures.length === 0) return { kind: 'message', reason: 'noChannels' };
  if (!option) return empty;
  return { kind: 'ready', option, timeAxis: context, refreshing: points.refreshing };
}

/** One tab of a detail view: the chart with what explains it, and the table under it. */
export function ViewPanel(props: ViewPanelProps) {
  const { view, context, points, idle, table } = props;
  const { t } = context;
  const measures = useMemo(() => view.measures(context), [view, context]);
  const option = useMemo(
    () =>
      points.points?.length ? view.chart(withGapFillers(points.points, context.range), measures, context) : undefined,
    [view, context, measures, points.points],
  );
  const state = chartState(props, measures, option);
  return (
    <div className="mw-detail-panel">
      {view.channelSection ? <ChannelLegend section={view.channelSection} context={context} /> : null}
      <DetailChart state={state} />
      {view.showsStateShares && points.points?.length ? (
        <StateShares points={points.points} range={context.range} zone={context.zone} />
      ) : null}
      <DetailTable
        measures={measures}
        points={table.points}
        range={context.range}
        zone={context.zone}
        loading={table.loading}
        pagination={table.pagination}
        emptyText={t(`moldDetail.chart.${idle?.kind === 'message' ? idle.reason : 'noData'}`)}
      />
    </div>
  );
}
