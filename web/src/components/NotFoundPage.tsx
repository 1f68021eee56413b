import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The catch-all page: "page not found" and a way back home (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mw-not-found" data-testid="not-found">
      <Result
        status="404"
        title={t('pages.notFoundTitle')}
        subTitle={
          <>
            <div className="mw-not-found-text">{t('pages.notFound')}</div>
            <div>{t('pages.notFoundDescription')}</div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="back-home">
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
