import { Alert, Progress } from 'antd';
import { useMemo, useRef } from 'react';
import { EChart } from '../../../components/EChart';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import type { Summary } from '../api/types';
import { comparisonOption, trendOption, waterfallOption } from '../model/charts';
import { percent } from '../model/filters';
import { bucketLabel } from '../model/labels';
import type { ReportRange } from '@mouldwatch/shared';
import { useBoxWidth } from './useBoxWidth';
import './echartsSetup';

/** The target the figures are held against: the moulds' own when they share one. */
function commonTarget(summary: Summary): number | null {
  const targets = new Set(summary.moulds.map((mould) => mould.target_oee));
  return targets.size === 1 ? ([...targets][0] ?? null) : null;
}

/**
 * Under this width (a phone, the desktop's column of two) the waterfall's steps run down the card,
 * their names beside the bars: five names side by side would have to break inside words
 * ("disponibilidade").
 */
const WATERFALL_HORIZONTAL_BELOW_PX = 720;

/** The charts whose layout follows their card's width replace these parts with each new option. */
const LAYOUT_CHANGES = ['series', 'xAxis', 'yAxis', 'grid', 'legend'] as const;

/** Under this width the trend's legend may wrap: the plot leaves it two lines. */
const TREND_NARROW_BELOW_PX = 560;

/** OEE against its target with each factor, its trend per bucket, the moulds compared and the loss waterfall. */
export function OeeReport({ summary, range, zone }: { summary: Summary; range: ReportRange; zone: string }) {
  const { t } = useFeatureTranslation('reports');
  const target = commonTarget(summary);
  const { total } = summary;
  const trendCard = useRef<HTMLElement>(null);
  const trendWidth = useBoxWidth(trendCard);
  const trend = useMemo(
    () =>
      trendOption(
        summary.buckets,
        (start) => bucketLabel(start, range, zone),
        {
          oee: t('oee.oee'),
          availability: t('oee.availability'),
          performance: t('oee.performance'),
          quality: t('oee.quality'),
          target: t('oee.target', { value: percent(target) }),
        },
        target,
        { narrow: trendWidth < TREND_NARROW_BELOW_PX },
      ),
    [summary, range, zone, t, target, trendWidth],
  );
  const comparison = useMemo(
    () => comparisonOption(summary.moulds, t('oee.oee'), t('oee.target', { value: '' }).trim()),
    [summary, t],
  );
  const waterfallCard = useRef<HTMLElement>(null);
  const cardWidth = useBoxWidth(waterfallCard);
  const horizontal = cardWidth < WATERFALL_HORIZONTAL_BELOW_PX;
  const waterfall = useMemo(
    () =>
      waterfallOption(
        summary.waterfall,
        {
          planned: t('oee.planned'),
          availabilityLoss: t('oee.availabilityLoss'),
          speedLoss: t('oee.speedLoss'),
          qualityLoss: t('oee.qualityLoss'),
          productive: t('oee.productive'),
          hours: t('oee.hoursUnit'),
        },
        { horizontal },
      ),
    [summary, t, horizontal],
  );
  const below = total.oee !== null && target !== null && total.oee < target;
  return (
    <div className="mw-report-body" data-testid="report-oee">
      <div className="mw-report-kpis">
        <div className="mw-report-kpi mw-report-kpi-main" data-testid="report-oee-total">
          <Progress
            type="dashboard"
            percent={total.oee === null ? 0 : Math.round(total.oee * 1000) / 10}
            status={below ? 'exception' : 'normal'}
            format={() => percent(total.oee)}
            size={110}
          />
          <div className="mw-report-kpi-label">{t('oee.oee')}</div>
          <div className="mw-report-kpi-sub">
            {target === null ? t('oee.noTarget') : t('oee.target', { value: percent(target) })}
          </div>
        </div>
        {(['availability', 'performance', 'quality'] as const).map((factor) => (
          <div className="mw-report-kpi" key={factor} data-testid={`report-${factor}`}>
            <div className="mw-report-kpi-value">{percent(total[factor])}</div>
            <div className="mw-report-kpi-label">{t(`oee.${factor}`)}</div>
            {factor === 'performance' && (total.performance ?? 0) > 1 ? (
              <div className="mw-report-kpi-warning" data-testid="report-performance-over">
                {t('oee.performanceOverTarget')}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {!summary.rejects_recorded ? (
        <Alert type="info" showIcon title={t('oee.noRejects')} data-testid="report-no-rejects" />
      ) : null}
      <section className="mw-report-card" ref={trendCard}>
        <h3>{t('oee.trend')}</h3>
        <EChart option={trend} className="mw-report-chart" testId="report-trend" replaceMerge={LAYOUT_CHANGES} />
      </section>
      <div className="mw-report-pair">
        <section className="mw-report-card" ref={waterfallCard}>
          <h3>{t('oee.waterfall')}</h3>
          <EChart
            option={waterfall}
            className="mw-report-chart"
            testId="report-waterfall"
            replaceMerge={LAYOUT_CHANGES}
          />
        </section>
        <section className="mw-report-card">
          <h3>{t('oee.comparison')}</h3>
          <div style={{ height: Math.max(300, 22 * summary.moulds.length + 90) }}>
            <EChart option={comparison} className="mw-report-chart-fill" testId="report-comparison" />
          </div>
        </section>
      </div>
    </div>
  );
}
