import { WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';

/** Loading, failed, empty or the content: what every report area shows. */
export function ReportState({
  loading,
  error,
  empty,
  retry,
  emptyText,
  children,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  retry(): void;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useFeatureTranslation('reports');
  if (loading) {
    return (
      <div className="mw-report-state" data-testid="report-loading">
        <Spin />
      </div>
    );
  }
  if (error) {
    return (
      <div className="mw-report-state mw-report-failed" data-testid="report-error">
        <WarningOutlined className="mw-report-failed-icon" />
        <div>{t('state.failed')}</div>
        <Button onClick={retry} data-testid="report-retry">
          {t('state.retry')}
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <div className="mw-report-state" data-testid="report-empty">
        <Empty description={emptyText ?? t('state.empty')} />
      </div>
    );
  }
  return <>{children}</>;
}
