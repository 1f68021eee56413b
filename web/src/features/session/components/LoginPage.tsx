import { serverText } from '../../../i18n';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginForm } from '@mouldwatch/shared';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { TextInput } from '../../../components/TextInput';
import { startSession } from '../../../lib/auth';
import { fieldIssue } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { useLogin } from '../api/login';

const loadLoginSchema = () => import('../loginRules').then((module) => module.loginSchema);

/** Where the guard sent the user from, so login can return there. */
interface LoginLocationState {
  from?: string;
}

type LoginField = keyof LoginForm;
type FieldErrors = Partial<Record<LoginField, string>>;

/**
 * The form's values and messages: a field is checked with the shared rules as it changes, both
 * when the form is sent. A plain form: antd's form engine would be most of the login page's code.
 */
function useLoginForm(onValid: (values: LoginForm) => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const check = async (checked: LoginForm, fields: LoginField[]): Promise<boolean> => {
    const schema = await loadLoginSchema();
    const found: FieldErrors = {};
    for (const field of fields) {
      const key = fieldIssue(schema, checked, field);
      found[field] = key && t(key, { ns: 'validation' });
    }
    setErrors((shown) => ({ ...shown, ...found }));
    return fields.every((field) => !found[field]);
  };

  const change = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    void check(next, [field]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(values, ['username', 'password']).then((valid) => valid && onValid(values));
  };
  return { values, errors, change, submit };
}

/** A labelled field with its message below, laid out as antd's vertical form item. */
function Field({ label, error, children }: { label: string; error?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={error ? 'mw-login-field mw-login-field-invalid' : 'mw-login-field'}>
      <label className="mw-login-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {error && (
        <div className="mw-login-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** What an input needs to show its field's message and be described by it. */
const invalidProps = (id: string, error?: string) =>
  error ? { invalid: true, 'aria-describedby': `${id}-error` } : {};

/** /login: account and password with the spec's rules (§5). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useLoginForm((values) => {
    login.mutate(values, {
      onSuccess: ({ access, user }) => {
        startSession(access, user);
        toast.success(serverText('loggedIn'));
        const from = (location.state as LoginLocationState | null)?.from;
        navigate(from && from !== '/login' ? from : '/', { replace: true });
      },
    });
  });

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
          <form className="mw-login-form" noValidate onSubmit={form.submit} data-testid="login-form">
            <Field label={t('login.account')} error={form.errors.username}>
              {(id) => (
                <TextInput
                  id={id}
                  size="large"
                  value={form.values.username}
                  onChange={(event) => form.change('username', event.target.value)}
                  prefix={<UserOutlined />}
                  placeholder={t('login.accountPlaceholder')}
                  autoComplete="username"
                  autoFocus
                  data-testid="login-username"
                  {...invalidProps(id, form.errors.username)}
                />
              )}
            </Field>
            <Field label={t('login.password')} error={form.errors.password}>
              {(id) => (
                <TextInput
                  id={id}
                  password={{ show: t('login.showPassword'), hide: t('login.hidePassword') }}
                  size="large"
                  value={form.values.password}
                  onChange={(event) => form.change('password', event.target.value)}
                  prefix={<LockOutlined />}
                  placeholder={t('login.passwordPlaceholder')}
                  autoComplete="current-password"
                  data-testid="login-password"
                  {...invalidProps(id, form.errors.password)}
                />
              )}
            </Field>
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
        </div>
      </main>
    </div>
  );
}
