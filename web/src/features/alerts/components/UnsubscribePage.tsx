import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseLanguage } from '@mouldwatch/shared';
import { Logo } from '../../../components/Logo';
import { i18n } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { unsubscribe } from '../api/unsubscribe';
import './unsubscribe.css';

type State = { kind: 'prompt' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * The public unsubscribe page (spec §2 /unsubscribeinfo, §4 "prompt, then success", §7): opening it
 * changes nothing; the button calls the `api` URL of the query; errorCode −1 shows the server's
 * message as an error; success shows "unsubscribed" in the page's `lang`. Without `api` the button
 * does nothing.
 */
export function UnsubscribePage() {
  const [query] = useSearchParams();
  const language = parseLanguage(query.get('lang') ?? '') ?? parseLanguage(i18n.language) ?? 'en';
  const { t } = useFeatureTranslation('alerts', language);
  const apiUrl = query.get('api');
  const [state, setState] = useState<State>({ kind: 'prompt' });

  const press = async () => {
    if (!apiUrl || state.kind === 'busy') return;
    setState({ kind: 'busy' });
    const outcome = await unsubscribe(apiUrl, language);
    setState(outcome.ok ? { kind: 'done' } : { kind: 'failed', message: outcome.message ?? t('unsubscribeFailed') });
  };

  return (
    <main className="mw-unsubscribe" lang={language === 'kor' ? 'ko' : language === 'por' ? 'pt' : language}>
      <section className="mw-unsubscribe-card" data-testid="unsubscribe-page">
        <Logo size={44} />
        <h1>{t('unsubscribeTitle')}</h1>
        {state.kind === 'done' ? (
          <div data-testid="unsubscribe-done">
            <CheckCircleFilled style={{ fontSize: 40, color: '#52c41a' }} aria-hidden />
            <h1 role="status">{t('unsubscribed')}</h1>
            <p>{t('unsubscribedHint')}</p>
          </div>
        ) : (
          <>
            <p>{t('unsubscribePrompt')}</p>
            {state.kind === 'failed' ? (
              <Alert type="error" showIcon title={state.message} data-testid="unsubscribe-error" />
            ) : null}
            <Button
              type="primary"
              size="large"
              block
              loading={state.kind === 'busy'}
              onClick={() => void press()}
              data-testid="unsubscribe-button"
            >
              {t('unsubscribeButton')}
            </Button>
          </>
        )}
      </section>
    </main>
  );
}
