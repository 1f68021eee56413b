import { Alert, Button } from 'antd';
import { useMemo, useState } from 'react';
import { CYCLE_BAND_COLOURS, type ReportRange } from '@mouldwatch/shared';
import { EChart } from '../../../components/EChart';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useCycles } from '../api/getCycles';
import type { Summary } from '../api/types';
import { barsAndLineOption, histogramOption } from '../model/charts';
import {
  CYCLE_STATS_MAX_DAYS,
  RAW_CYCLES_KEPT_DAYS,
  cycleStatsWindow,
  fixed,
  percent,
  useReportFilters,
  type ReportQuery,
} from '../model/filters';
import { bucketLabel } from '../model/labels';
import { ReportState } from './ReportState';
import './echartsSetup';

/**
 * Cycle time: the average per bucket from the roll-ups, and the average, median, extremes, last-100
 * average and the 2 % / 5 % bands per mould over the period, with the distribution (any period by
 * day, week or month; by the hour up to 31 days, a longer one offering its last 31 days while their
 * raw cycles are kept). A period starting before the moulds' first statistics says so.
 */
export function CycleReport({
  summary,
  query,
  range,
  zone,
}: {
  summary: Summary;
  query: ReportQuery;
  range: ReportRange;
  zone: string;
}) {
  const { t } = useFeatureTranslation('reports');
  const now = useReportFilters((state) => state.now);
  const statsWindow = cycleStatsWindow(query, now);
  // The period (by its start: its end moves with the clock) whose last days the user asked for.
  const [lastDaysOf, setLastDaysOf] = useState<number>();
  const periodKey = query.start;
  const lastDays = statsWindow.kind === 'tooLong' && lastDaysOf === periodKey ? statsWindow.lastDays : null;
  const statsQuery = statsWindow.kind === 'whole' ? statsWindow.query : lastDays;
  const cycles = useCycles(statsQuery, zone);
  const averages = useMemo(
    () =>
      barsAndLineOption(
        summary.buckets.map((bucket) => bucketLabel(bucket.create_datetime, range, zone)),
        { name: t('cycle.average'), data: summary.buckets.map((bucket) => bucket.cycle_avg_s) },
        { name: t('cycle.target'), data: summary.buckets.map((bucket) => bucket.ideal_cycle_s) },
      ),
    [summary, range, zone, t],
  );
  const target = cycles.data?.moulds.length === 1 ? cycles.data.moulds[0]!.target_cycle_s : null;
  const histogram = useMemo(
    () => histogramOption(cycles.data?.histogram ?? [], target, t('cycle.cycles')),
    [cycles.data, target, t],
  );
  return (
    <div className="mw-report-body" data-testid="report-cycle">
      <section className="mw-report-card">
        <h3>{t('cycle.fromRollups')}</h3>
        <EChart option={averages} className="mw-report-chart" testId="report-cycle-averages" />
      </section>
      {statsWindow.kind === 'tooLong' && !lastDays && (
        <Alert
          type="info"
          showIcon
          title={t('cycle.tooLong', { days: CYCLE_STATS_MAX_DAYS })}
          description={statsWindow.lastDays ? undefined : t('cycle.rawKept', { days: RAW_CYCLES_KEPT_DAYS })}
          action={
            statsWindow.lastDays && (
              <Button size="small" onClick={() => setLastDaysOf(periodKey)} data-testid="report-cycle-last-days">
                {t('cycle.showLastDays', { days: CYCLE_STATS_MAX_DAYS })}
              </Button>
            )
          }
          data-testid="report-cycle-too-long"
        />
      )}
      {lastDays && (
        <Alert
          type="info"
          showIcon
          title={t('cycle.lastDaysShown', {
            days: CYCLE_STATS_MAX_DAYS,
            from: bucketLabel(lastDays.start, 'day', zone),
            to: bucketLabel(lastDays.end - 1, 'day', zone),
          })}
          data-testid="report-cycle-last-days-shown"
        />
      )}
      {statsQuery && cycles.data && statsQuery.start < cycles.data.stats_from && (
        <Alert
          type="warning"
          showIcon
          title={t('cycle.statsFrom', { date: bucketLabel(cycles.data.stats_from, 'day', zone) })}
          data-testid="report-cycle-pruned"
        />
      )}
      {statsQuery && (
        <ReportState
          loading={cycles.isPending}
          error={cycles.isError}
          empty={!cycles.data?.histogram.length}
          retry={() => void cycles.refetch()}
        >
          <section className="mw-report-card">
            <h3>{t('cycle.distribution')}</h3>
            <EChart option={histogram} className="mw-report-chart" testId="report-histogram" />
          </section>
          <section className="mw-report-card mw-report-scroll">
            <table className="mw-report-table" data-testid="report-cycle-table">
              <thead>
                <tr>
                  <th>{t('table.mould')}</th>
                  <th>{t('cycle.target')}</th>
                  <th>{t('cycle.average')}</th>
                  <th>{t('cycle.median')}</th>
                  <th>{t('cycle.min')}</th>
                  <th>{t('cycle.max')}</th>
                  <th>{t('cycle.last100')}</th>
                  <th style={{ color: CYCLE_BAND_COLOURS.good }}>{t('cycle.within2')}</th>
                  <th style={{ color: CYCLE_BAND_COLOURS.warn }}>{t('cycle.within5')}</th>
                  <th style={{ color: CYCLE_BAND_COLOURS.bad }}>{t('cycle.outside5')}</th>
                  <th>{t('cycle.cycles')}</th>
                </tr>
              </thead>
              <tbody>
                {cycles.data?.moulds.map((mould) => (
                  <tr key={mould.mold_id}>
                    <td>{mould.mold_name}</td>
                    <td>{fixed(mould.target_cycle_s, 1)}</td>
                    <td>{fixed(mould.avg_s, 2)}</td>
                    <td>{fixed(mould.median_s, 2)}</td>
                    <td>{fixed(mould.min_s, 2)}</td>
                    <td>{fixed(mould.max_s, 2)}</td>
                    <td>{fixed(mould.last100_avg_s, 2)}</td>
                    <td>{percent(mould.within2)}</td>
                    <td>{percent(mould.within5)}</td>
                    <td>{percent(mould.outside5)}</td>
                    <td>{mould.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </ReportState>
      )}
    </div>
  );
}
