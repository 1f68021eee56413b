import { AppstoreOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useSummary } from '../api/getSummary';
import { ReportFilters } from './ReportFilters';
import { ReportState } from './ReportState';
import { useReportContext } from './useReportContext';
import '../catalog';
import './reports.css';

// The charts (echarts) load after the screen, in a chunk of their own.
const OeeReport = lazy(() => import('./OeeReport').then((module) => ({ default: module.OeeReport })));
const CycleReport = lazy(() => import('./CycleReport').then((module) => ({ default: module.CycleReport })));
const EnergyReport = lazy(() => import('./EnergyReport').then((module) => ({ default: module.EnergyReport })));

/** /report/nav: the moulds, period, bucket and report chosen, and the report's figures and charts. */
export function ReportNavPage({ title }: { title: string }) {
  const { t } = useFeatureTranslation('reports');
  const { zone, filters, query } = useReportContext();
  const summary = useSummary(query, zone);
  const data = summary.data;
  return (
    <div className="mw-report" data-testid="report-nav">
      <div className="mw-report-head">
        <h2>{title}</h2>
        <div className="mw-report-head-actions">
          <Link to="/report/products">
            <Button icon={<AppstoreOutlined />} data-testid="report-to-products">
              {t('products.link')}
            </Button>
          </Link>
          <Link to="/report/detailList">
            <Button icon={<TableOutlined />} data-testid="report-to-details">
              {t('table.details')}
            </Button>
          </Link>
        </div>
      </div>
      <ReportFilters withReport />
      {query === null ? (
        <div className="mw-report-hint" data-testid="report-choose">
          {t('filters.chooseSelection')}
        </div>
      ) : (
        <ReportState
          loading={summary.isPending}
          error={summary.isError}
          empty={!data || data.moulds.length === 0 || data.total.planned_s + data.total.off_s === 0}
          emptyText={data && data.moulds.length === 0 ? t('state.noMoulds') : undefined}
          retry={() => void summary.refetch()}
        >
          <Suspense
            fallback={
              <div className="mw-report-state" data-testid="report-loading">
                <Spin />
              </div>
            }
          >
            {data && filters.report === 'oee' ? <OeeReport summary={data} range={filters.range} zone={zone} /> : null}
            {data && filters.report === 'energy' ? (
              <EnergyReport summary={data} range={filters.range} zone={zone} />
            ) : null}
            {data && filters.report === 'cycle' ? (
              <CycleReport summary={data} query={query} range={filters.range} zone={zone} />
            ) : null}
          </Suspense>
        </ReportState>
      )}
    </div>
  );
}
