import { WarningOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The list could not load: a warning and a retry. Drawn with what the screen already has (antd's
 * Result would bring large illustrations, and loading them apart could fail with the network).
 */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="mw-home-panel mw-home-empty"
      image={<WarningOutlined className="mw-home-load-failed-icon" />}
      description={t('home.loadFailed')}
      data-testid="home-load-failed"
    >
      <Button onClick={onRetry}>{t('home.retry')}</Button>
    </Empty>
  );
}
