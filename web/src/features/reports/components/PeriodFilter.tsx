import { lazy, Suspense } from 'react';
import { REPORT_PERIODS } from '@mouldwatch/shared';
import { ToggleGroup } from '../../../components/ToggleGroup';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useReportFilters, type PeriodChoice } from '../model/filters';

// Loaded when the custom period is chosen, keeping the date picker out of the screens' first load.
const CustomRange = lazy(() => import('./CustomRange'));

/** Holds a lazily loaded picker's place while it loads, so the filters below do not jump. */
export const pickerPlaceholder = <span className="mw-report-picker-placeholder" data-testid="report-picker-loading" />;

/** The report period (presets in the user's zone, or custom days): one choice shared by every report screen. */
export function PeriodFilter() {
  const { t } = useFeatureTranslation('reports');
  const filters = useReportFilters();
  const { set } = filters;
  return (
    <div className="mw-report-filter">
      <span className="mw-report-filter-label">{t('filters.period')}</span>
      <ToggleGroup<PeriodChoice>
        value={filters.period}
        onChange={(period) => set({ period })}
        options={[...REPORT_PERIODS, 'custom' as const].map((period) => ({
          value: period,
          label: t(`filters.${period}`),
        }))}
        label={t('filters.period')}
        data-testid="report-period"
      />
      {filters.period === 'custom' ? (
        <Suspense fallback={pickerPlaceholder}>
          <CustomRange value={filters.custom} onChange={(custom) => set({ custom })} />
        </Suspense>
      ) : null}
    </div>
  );
}
