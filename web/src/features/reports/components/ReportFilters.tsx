import { lazy, Suspense } from 'react';
import { HISTORY_RANGES, type ReportRange } from '@mouldwatch/shared';
import { ToggleGroup } from '../../../components/ToggleGroup';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import type { ReportKind, SelectionMode } from '../model/filters';
import { PeriodFilter, pickerPlaceholder } from './PeriodFilter';
import { useReportContext } from './useReportContext';

// What only one choice shows loads when that choice is made, keeping antd's Select and the pickers
// out of the screens' first load.
const MouldSelect = lazy(() => import('./MouldSelect'));
const CompanyGroupPicker = lazy(() =>
  import('../../mold-organisation').then((module) => ({ default: module.CompanyGroupPicker })),
);

/** The moulds (all, a company or group, a selection), the period, the bucket and, on the charts screen, the report. */
export function ReportFilters({ withReport }: { withReport: boolean }) {
  const { t } = useFeatureTranslation('reports');
  const { filters } = useReportContext();
  const { set } = filters;
  return (
    <div className="mw-report-filters" data-testid="report-filters">
      <div className="mw-report-filter">
        <span className="mw-report-filter-label">{t('filters.moulds')}</span>
        <ToggleGroup<SelectionMode>
          value={filters.mode}
          onChange={(mode) => set({ mode })}
          label={t('filters.moulds')}
          options={[
            { value: 'all', label: t('filters.all') },
            { value: 'company', label: t('filters.byGroup') },
            { value: 'moulds', label: t('filters.selection') },
          ]}
          data-testid="report-mode"
        />
      </div>
      {filters.mode === 'company' ? (
        <Suspense fallback={pickerPlaceholder}>
          <CompanyGroupPicker
            value={{ companyId: filters.companyId, groupId: filters.groupId }}
            onChange={({ companyId, groupId }) => set({ companyId, groupId })}
            allowClear
            choices="ownMoulds"
            testId="report-org"
          />
        </Suspense>
      ) : null}
      {filters.mode === 'moulds' ? (
        <Suspense fallback={pickerPlaceholder}>
          <MouldSelect value={filters.moldIds} onChange={(moldIds) => set({ moldIds })} />
        </Suspense>
      ) : null}
      <PeriodFilter />
      <div className="mw-report-filter">
        <span className="mw-report-filter-label">{t('filters.bucket')}</span>
        <ToggleGroup<ReportRange>
          value={filters.range}
          onChange={(range) => set({ range })}
          label={t('filters.bucket')}
          options={HISTORY_RANGES.map((range) => ({ value: range, label: t(`filters.${range}`) }))}
          data-testid="report-range"
        />
      </div>
      {withReport ? (
        <div className="mw-report-filter">
          <span className="mw-report-filter-label">{t('filters.report')}</span>
          <ToggleGroup<ReportKind>
            value={filters.report}
            onChange={(report) => set({ report })}
            label={t('filters.report')}
            options={(['oee', 'cycle', 'energy'] as const).map((report) => ({
              value: report,
              label: t(`filters.${report}`),
            }))}
            data-testid="report-kind"
          />
        </div>
      ) : null}
    </div>
  );
}
