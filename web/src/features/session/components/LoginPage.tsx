import { serverText } from '../../../i18n';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// The two inputs alone: antd's `Input` brings TextArea, OTP and Search along (about 9 KB gzip).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginForm } from '@mouldwatch/shared';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { startSession } from '../../../lib/auth';
import { schemaRule } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { useLogin } from '../api/login';

const loadLoginSchema = () => import('../loginRules').then((module) => module.loginSchema);

/** Where the guard sent the user from, so login can return there. */
interface LoginLocationState {
  from?: string;
}

/** /login: account and password with the spec's rules (§5). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginForm>();
  const login = useLogin();

  const submit = (values: LoginForm) => {
    login.mutate(values, {
      onSuccess: ({ access, user }) => {
        startSession(access, user);
        toast.success(serverText('loggedIn'));
        const from = (location.state as LoginLocationState | null)?.from;
        navigate(from && from !== '/login' ? from : '/', { replace: true });
      },
    });
  };

  const features = [t('login.featureLive'), t('login.featureAlarms'), t('login.featureReports')];
  return (
    <div className="mw-login">
      <section className="mw-login-brand" aria-hidden="true">
        <div className="mw-login-brand-name">
          <Logo size={40} />
          <span>{t('app.name')}</span>
        </div>
        <h2 className="mw-login-headline">{t('login.headline')}</h2>
        <ul className="mw-login-features">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <div className="mw-login-copyright">{t('login.copyright', { year: String(new Date().getFullYear()) })}</div>
      </section>
      <main className="mw-login-panel">
        <div className="mw-login-language">
          <LanguageSwitch />
        </div>
        <div className="mw-login-card">
          <Logo size={44} title={t('app.name')} />
          <h2 className="mw-login-title">{t('login.title')}</h2>
          <p className="mw-login-subtitle">{t('login.subtitle')}</p>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            size="large"
            data-testid="login-form"
          >
            <Form.Item
              name="username"
              label={t('login.account')}
              validateFirst
              rules={[schemaRule(loadLoginSchema, 'username', t)]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder={t('login.accountPlaceholder')}
                autoComplete="username"
                autoFocus
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              validateFirst
              rules={[schemaRule(loadLoginSchema, 'password', t)]}
            >
              <Password
                prefix={<LockOutlined />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
