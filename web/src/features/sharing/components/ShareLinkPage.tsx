import { Button, Card, Form, Input, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { passwordRule } from '@mouldwatch/shared';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { serverText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { startSession } from '../../../lib/auth';
import { toast } from '../../../lib/feedback';
import { isValidationKey } from '../../../lib/forms';
import { getShareLink, openShareLink } from '../api/shareLink';
import { useSharingTranslation } from '../catalog';
import '../sharing.css';

/**
 * /loginByShare?token=…: the share link. A new account sets its password here, an existing one
 * gives its own; then the console opens on the shared moulds. A used, expired or forged link says
 * so and leads to the login page.
 */
export function ShareLinkPage() {
  const { t } = useSharingTranslation();
  const { t: tAll } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['sharing', 'link', token],
    queryFn: ({ signal }) => getShareLink(token, signal),
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<{ password?: string; password2?: string }>({});
  const [opening, setOpening] = useState(false);

  const submit = async () => {
    if (!link.data) return;
    const needsPassword = link.data.needsPassword;
    const checked = passwordRule.safeParse(password);
    const issue = checked.success ? undefined : checked.error.issues[0]?.message;
    const next = {
      password: issue ? tAll(isValidationKey(issue) ? issue : 'required', { ns: 'validation' }) : undefined,
      password2: needsPassword && password2 !== password ? t('link.passwordsDiffer') : undefined,
    };
    setErrors(next);
    if (next.password || next.password2) return;
    setOpening(true);
    try {
      const { access, user } = await openShareLink(token, password);
      startSession(access, user);
      toast.success(serverText('loggedIn'));
      void navigate('/', { replace: true });
    } catch {
      // Told by the client (wrong password, used link …).
    } finally {
      setOpening(false);
    }
  };

  const info = link.data;
  const refusal =
    token === ''
      ? t('link.missing')
      : link.error instanceof ApiError
        ? link.error.message
        : link.isError
          ? serverText('networkError')
          : null;

  return (
    <main className="mw-share-page">
      <Card className="mw-share-card" title={t('link.title')} data-testid="share-link-page">
        <div className="mw-share-card-language">
          <LanguageSwitch />
        </div>
        {refusal !== null ? (
          <Result
            status="warning"
            title={t('link.invalidTitle')}
            subTitle={<span data-testid="share-link-error">{refusal}</span>}
            extra={
              <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
                {t('link.toLogin')}
              </Button>
            }
          />
        ) : !info ? (
          <Spin tip={t('link.checking')}>
            <div style={{ minHeight: 120 }} />
          </Spin>
        ) : (
          <Form layout="vertical" component="form" onFinish={() => void submit()}>
            <p>{t('link.intro', { sharer: info.sharer })}</p>
            <p data-testid="share-link-account">
              <strong>{t('link.account', { username: info.username })}</strong>
            </p>
            <p className="mw-share-muted">{info.needsPassword ? t('link.setPassword') : t('link.enterPassword')}</p>
            <input type="text" name="username" value={info.username} autoComplete="username" readOnly hidden />
            <Form.Item
              label={t('link.password')}
              validateStatus={errors.password ? 'error' : undefined}
              help={errors.password}
            >
              <Input.Password
                value={password}
                maxLength={16}
                autoComplete={info.needsPassword ? 'new-password' : 'current-password'}
                onChange={(event) => setPassword(event.target.value)}
                data-testid="share-link-password"
              />
            </Form.Item>
            {info.needsPassword && (
              <Form.Item
                label={t('link.password2')}
                validateStatus={errors.password2 ? 'error' : undefined}
                help={errors.password2}
              >
                <Input.Password
                  value={password2}
                  maxLength={16}
                  autoComplete="new-password"
                  onChange={(event) => setPassword2(event.target.value)}
                  data-testid="share-link-password2"
                />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={opening} data-testid="share-link-submit">
              {t('link.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
