import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface NotAvailablePageProps {
  /** The screen's title, already translated. */
  title: string;
}

/** The one page every screen shows until the issue that builds it lands. */
export default function NotAvailablePage({ title }: NotAvailablePageProps) {
  const { t } = useTranslation();
  return (
    <div className="mw-not-available" data-testid="not-available">
      <Result
        icon={<ClockCircleOutlined />}
        title={<span data-testid="not-available-title">{title}</span>}
        subTitle={
          <>
            <Typography.Text strong>{t('pages.notAvailable')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('pages.notAvailableDescription')}</Typography.Text>
          </>
        }
      />
    </div>
  );
}
