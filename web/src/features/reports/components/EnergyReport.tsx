import { useMemo } from 'react';
import type { ReportRange } from '@mouldwatch/shared';
import { EChart } from '../../../components/EChart';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import type { Summary } from '../api/types';
import { barsAndLineOption } from '../model/charts';
import { fixed } from '../model/filters';
import { bucketLabel } from '../model/labels';
import './echartsSetup';

/** kW·h per bucket and per good part, in total and per mould. */
export function EnergyReport({ summary, range, zone }: { summary: Summary; range: ReportRange; zone: string }) {
  const { t } = useFeatureTranslation('reports');
  const option = useMemo(
    () =>
      barsAndLineOption(
        summary.buckets.map((bucket) => bucketLabel(bucket.create_datetime, range, zone)),
        { name: t('energy.perBucket'), data: summary.buckets.map((bucket) => bucket.energy_kwh) },
        { name: t('energy.perPart'), data: summary.buckets.map((bucket) => bucket.kwh_per_good_part) },
      ),
    [summary, range, zone, t],
  );
  return (
    <div className="mw-report-body" data-testid="report-energy">
      <div className="mw-report-kpis">
        <div className="mw-report-kpi">
          <div className="mw-report-kpi-value" data-testid="report-energy-total">
            {fixed(summary.total.energy_kwh, 1)} kW·h
          </div>
          <div className="mw-report-kpi-label">{t('energy.total')}</div>
        </div>
        <div className="mw-report-kpi">
          <div className="mw-report-kpi-value">{fixed(summary.total.kwh_per_good_part, 4)} kW·h</div>
          <div className="mw-report-kpi-label">{t('energy.perGoodPart')}</div>
        </div>
      </div>
      <section className="mw-report-card">
        <h3>{t('energy.perBucket')}</h3>
        <EChart option={option} className="mw-report-chart" testId="report-energy-chart" />
      </section>
      <section className="mw-report-card">
        <table className="mw-report-table">
          <thead>
            <tr>
              <th>{t('table.mould')}</th>
              <th>{t('table.energy')}</th>
              <th>{t('table.perPart')}</th>
              <th>{t('table.good')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.moulds.map((mould) => (
              <tr key={mould.mold_id}>
                <td>{mould.mold_name}</td>
                <td>{fixed(mould.energy_kwh, 2)}</td>
                <td>{fixed(mould.kwh_per_good_part, 4)}</td>
                <td>{mould.good}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
