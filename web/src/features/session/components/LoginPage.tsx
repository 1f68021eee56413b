import { serverText } from '../../../i18n';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api';
import { startSession } from '../../../lib/auth';
import { toast } from '../../../lib/feedback';
import { useSignUpOffers } from '../api/getSignUpOffers';
import { useLogin } from '../api/login';
import type { AccountFormName } from './AccountForms';
import { RuleTextField, useRuleForm } from './RuleForm';

const loadLoginSchema = () => import('../loginRules').then((module) => module.loginSchema);

/** Where the guard sent the user from, so login can return there. */
interface LoginLocationState {
  from?: string;
}

const ACCOUNT_FORMS: readonly AccountFormName[] = ['signup', 'forgot', 'activate'];

/** The other forms load when one is opened, keeping them out of the login's first load. */
const AccountForm = lazy(() => import('./AccountForms').then((module) => ({ default: module.AccountForm })));

/** /login: account and password with the spec's rules (§5); sign-up, activation and forgot password beside. */
export function LoginPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [address, setAddress] = useState('');
  const offers = useSignUpOffers().data ?? { open: false, email: false, sms: false };
  const shown = ACCOUNT_FORMS.find((name) => name === search.get('form'));
  const show = (form: AccountFormName | 'login', nextAddress = '') => {
    setAddress(nextAddress);
    setSearch(form === 'login' ? {} : { form });
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
          {shown ? (
            <Suspense fallback={<PageSpinner />}>
              <AccountForm key={shown} name={shown} offers={offers} address={address} show={show} />
            </Suspense>
          ) : (
            <LoginForm
              // Sign-up mails its code: without e-mail it would end at a code that cannot come.
              offersSignUp={offers.open && offers.email}
              offersReset={offers.email || offers.sms}
              show={show}
            />
          )}
        </div>
      </main>
    </div>
  );
}

/** Whether a login was refused because the account awaits its activation code. */
const awaitsActivation = (error: unknown) =>
  error instanceof ApiError && error.message === serverText('accountNotActivated');

function LoginForm({
  offersSignUp,
  offersReset,
  show,
}: {
  offersSignUp: boolean;
  offersReset: boolean;
  show: (form: AccountFormName) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useRuleForm(loadLoginSchema, { username: '', password: '' }, (values) => {
    login.mutate(values, {
      onSuccess: ({ access, user }) => {
        startSession(access, user);
        toast.success(serverText('loggedIn'));
        const from = (location.state as LoginLocationState | null)?.from;
        navigate(from && from !== '/login' ? from : '/', { replace: true });
      },
    });
  });
  return (
    <>
      <h2 className="mw-login-title">{t('login.title')}</h2>
      <p className="mw-login-subtitle">{t('login.subtitle')}</p>
      <form className="mw-login-form" noValidate onSubmit={form.submit} data-testid="login-form">
        <RuleTextField
          form={form}
          field="username"
          label={t('login.account')}
          autoComplete="username"
          prefix={<UserOutlined />}
          autoFocus
          testId="login-username"
        />
        <RuleTextField
          form={form}
          field="password"
          label={t('login.password')}
          autoComplete="current-password"
          prefix={<LockOutlined />}
          password
          testId="login-password"
        />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </form>
      <div className="mw-login-links">
        {awaitsActivation(login.error) && (
          <Button type="link" className="mw-login-link" onClick={() => show('activate')} data-testid="activate-link">
            {t('login.activateLink')}
          </Button>
        )}
        {offersReset && (
          <Button type="link" className="mw-login-link" onClick={() => show('forgot')} data-testid="forgot-link">
            {t('login.forgotLink')}
          </Button>
        )}
        {offersSignUp && (
          <Button type="link" className="mw-login-link" onClick={() => show('signup')} data-testid="signup-link">
            {t('login.signUpLink')}
          </Button>
        )}
      </div>
    </>
  );
}
