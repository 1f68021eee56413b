import { CalendarOutlined, ClockCircleOutlined, InboxOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart';
import { GRID, gridRight, timeAxisTicks, type TimeAxisContext } from '../views/chartOption';
import './echartsSetup';

/** What the chart area shows: the chart, or why there is none. */
export type ChartState =
  | { kind: 'ready'; option: EChartsCoreOption; timeAxis: TimeAxisContext; refreshing: boolean }
  | { kind: 'loading' }
  | { kind: 'error'; retry(): void }
  | { kind: 'message'; reason: 'pickDate' | 'noData' | 'waiting' | 'noChannels'; detail?: string };

const ICONS = {
  pickDate: <CalendarOutlined />,
  noData: <InboxOutlined />,
  waiting: <ClockCircleOutlined />,
  noChannels: <InboxOutlined />,
};

function ChartMessage({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mw-detail-chart-message" data-testid="chart-message">
      <div className="mw-detail-chart-message-icon">{icon}</div>
      <div className="mw-detail-chart-message-title">{title}</div>
      {detail ? <div className="mw-detail-chart-message-detail">{detail}</div> : null}
      {action}
    </div>
  );
}

/** The option each chart last drew and the right margin it drew it with: a zoom at the same width need not set it again. */
const drawnRight = new WeakMap<EChartsType, { option: EChartsCoreOption; right: number }>();

/**
 * The right margin for the chart's width, then ticks and labels for the part of the time axis in
 * view, as many as the plot's width holds.
 */
function fitToWidth(chart: EChartsType, option: EChartsCoreOption, timeAxis: TimeAxisContext) {
  const width = chart.getWidth();
  const right = gridRight(option, width);
  const drawn = drawnRight.get(chart);
  if (drawn?.option !== option || drawn.right !== right) {
    chart.setOption({ grid: { right } });
    drawnRight.set(chart, { option, right });
  }
  const from = chart.convertFromPixel({ xAxisIndex: 0 }, GRID.left);
  const to = chart.convertFromPixel({ xAxisIndex: 0 }, width - right);
  if (Number.isFinite(from) && Number.isFinite(to))
    chart.setOption({ xAxis: timeAxisTicks(from, to, timeAxis, width, right) });
}

/** The chart of a detail view at a fixed height, with its loading, empty and error states. */
export function DetailChart({ state }: { state: ChartState }) {
  const { t } = useTranslation();
  switch (state.kind) {
    case 'ready':
      return (
        <Spin spinning={state.refreshing} delay={300}>
          <EChart
            option={state.option}
            onView={(chart) => fitToWidth(chart, state.option, state.timeAxis)}
            className="mw-detail-chart"
            testId="detail-chart"
          />
        </Spin>
      );
    case 'loading':
      return (
        <div className="mw-detail-chart mw-detail-chart-centred" data-testid="chart-loading">
          <Spin tip={t('common.loading')}>
            <div className="mw-detail-spin-room" />
          </Spin>
        </div>
      );
    case 'error':
      return (
        <ChartMessage
          icon={<WarningOutlined />}
          title={t('moldDetail.loadFailed')}
          action={
            <Button onClick={state.retry} data-testid="chart-retry">
              {t('moldDetail.retry')}
            </Button>
          }
        />
      );
    case 'message':
      return (
        <ChartMessage icon={ICONS[state.reason]} title={t(`moldDetail.chart.${state.reason}`)} detail={state.detail} />
      );
  }
}
