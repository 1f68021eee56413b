import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A detail screen opened before a mould was chosen on the home screen. */
export function NoMouldSelected() {
  const { t } = useTranslation();
  return (
    <div className="mw-detail-no-mould" data-testid="no-mould">
      <Empty description={t('moldDetail.noMould')}>
        <Link to="/index">
          <Button type="primary" data-testid="go-home">
            {t('moldDetail.goHome')}
          </Button>
        </Link>
      </Empty>
    </div>
  );
}
