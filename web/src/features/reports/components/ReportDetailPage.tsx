import { DownloadOutlined, LineChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { MenuId } from '@mouldwatch/shared';
import { useMenuActions } from '../../../components/admin/useMenuActions';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { downloadReport } from '../api/downloadReport';
import { useRows, type RowsRequest } from '../api/getRows';
import type { ReportRow } from '../api/types';
import { fixed, hours, percent } from '../model/filters';
import { bucketLabel } from '../model/labels';
import { ReportFilters } from './ReportFilters';
import { DEFAULT_SORT, ReportRowsTable, type RowsColumn, type RowsSort } from './ReportRowsTable';
import { ReportState } from './ReportState';
import { useReportContext } from './useReportContext';
import '../catalog';
import './reports.css';

const PAGE_SIZE = 50;

/** /report/detailList: the figures per mould and bucket as a sortable, paged table, exportable to .xlsx. */
export function ReportDetailPage({ title }: { title: string }) {
  const { t } = useFeatureTranslation('reports');
  const { zone, filters, query } = useReportContext();
  const actions = useMenuActions(MenuId.report);
  const [paging, setPaging] = useState<RowsRequest>({ page: 1, limit: PAGE_SIZE, ...DEFAULT_SORT });
  // Other moulds or another period start again at the first page.
  const queryKey = JSON.stringify(query);
  const [pagedQuery, setPagedQuery] = useState(queryKey);
  if (pagedQuery !== queryKey) {
    setPagedQuery(queryKey);
    setPaging((current) => ({ ...current, page: 1 }));
  }
  const rows = useRows(query, paging, zone);
  const [exporting, setExporting] = useState(false);

  const column = (
    key: keyof ReportRow,
    title: string,
    render: (row: ReportRow) => string | number,
    text = false,
  ): RowsColumn => ({ key, title, render, text });
  const columns: RowsColumn[] = [
    column('mold_name', t('table.mould'), (row) => row.mold_name, true),
    column('create_datetime', t('table.time'), (row) => bucketLabel(row.create_datetime, filters.range, zone), true),
    column('oee', t('table.oee'), (row) => percent(row.oee)),
    column('availability', t('table.availability'), (row) => percent(row.availability)),
    column('performance', t('table.performance'), (row) => percent(row.performance)),
    column('quality', t('table.quality'), (row) => percent(row.quality)),
    column('planned_s', t('table.planned'), (row) => hours(row.planned_s)),
    column('run_s', t('table.run'), (row) => hours(row.run_s)),
    column('shots', t('table.shots'), (row) => row.shots),
    column('good', t('table.good'), (row) => row.good),
    column('reject', t('table.reject'), (row) => row.reject),
    column('energy_kwh', t('table.energy'), (row) => fixed(row.energy_kwh, 2)),
    column('kwh_per_good_part', t('table.perPart'), (row) => fixed(row.kwh_per_good_part, 4)),
    column('cycle_avg_s', t('table.cycleAvg'), (row) => fixed(row.cycle_avg_s, 2)),
  ];
  // A new order starts again at the first page.
  const sortBy = (sort: RowsSort) => setPaging((current) => ({ ...current, ...sort, page: 1 }));
  const showPage = (page: number) => setPaging((current) => ({ ...current, page }));

  const exportNow = async () => {
    if (!query) return;
    setExporting(true);
    try {
      await downloadReport(query);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mw-report" data-testid="report-detail">
      <div className="mw-report-head">
        <h2>{title}</h2>
        <div className="mw-report-head-actions">
          <Link to="/report/nav">
            <Button icon={<LineChartOutlined />}>{t('table.back')}</Button>
          </Link>
          {actions.can('export') ? (
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!query}
              onClick={() => void exportNow()}
              data-testid="report-export"
            >
              {t('table.export')}
            </Button>
          ) : null}
        </div>
      </div>
      <ReportFilters withReport={false} />
      {query === null ? (
        <div className="mw-report-hint" data-testid="report-choose">
          {t('filters.chooseSelection')}
        </div>
      ) : (
        <ReportState
          loading={rows.isPending}
          error={rows.isError}
          empty={rows.data?.total === 0}
          retry={() => void rows.refetch()}
        >
          <ReportRowsTable
            columns={columns}
            rows={rows.data?.rows ?? []}
            rowKey={(row) => `${row.mold_id}:${row.create_datetime}`}
            sort={paging}
            onSort={sortBy}
            page={paging.page}
            pageSize={paging.limit}
            total={rows.data?.total ?? 0}
            onPage={showPage}
            busy={rows.isFetching}
          />
        </ReportState>
      )}
    </div>
  );
}
