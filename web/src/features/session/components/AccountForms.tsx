import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startSession } from '../../../lib/auth';
import { toast } from '../../../lib/feedback';
import { serverText } from '../../../i18n';
import { useActivateAccount } from '../api/activateAccount';
import { useChangeForgottenPassword } from '../api/changeForgottenPassword';
import type { SignUpOffers } from '../api/getSignUpOffers';
import { useSendCode } from '../api/sendCode';
import { useSignUp } from '../api/signUp';
import { RuleTextField, useRuleForm } from './RuleForm';

const rules = () => import('../loginRules');

/** The forms the login card shows besides the login itself. */
export type AccountFormName = 'signup' | 'forgot' | 'activate';

interface AccountFormProps {
  offers: SignUpOffers;
  /** Where a code went, carried from one form to the next. */
  address: string;
  show: (form: AccountFormName | 'login', address?: string) => void;
}

/** The address field's name: e-mail only where no SMS is sent. */
function useAddressLabel(offers: SignUpOffers): string {
  const { t } = useTranslation();
  return offers.sms ? t('login.address') : t('login.email');
}

/** Sign up: account, password twice, e-mail (and mobile where SMS is sent); the code goes by mail. */
function SignUpForm({ offers, show }: AccountFormProps) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const initial = { username: '', password: '', password2: '', email: '', ...(offers.sms ? { mobile: '' } : {}) };
  const form = useRuleForm(
    () => rules().then((module) => module.signUpSchema),
    initial,
    (values) =>
      signUp.mutate(values, {
        onSuccess: (message) => {
          toast.success(message);
          show('activate', values.email);
        },
      }),
  );
  return (
    <AccountCard title={t('login.signUpTitle')} subtitle={t('login.signUpSubtitle')} show={show}>
      <form className="mw-login-form" noValidate onSubmit={form.submit} data-testid="signup-form">
        <RuleTextField form={form} field="username" label={t('login.account')} autoComplete="username" autoFocus />
        <RuleTextField form={form} field="password" label={t('login.password')} autoComplete="new-password" password />
        <RuleTextField
          form={form}
          field="password2"
          label={t('login.password2')}
          autoComplete="new-password"
          password
        />
        <RuleTextField form={form} field="email" label={t('login.email')} autoComplete="email" inputMode="email" />
        {offers.sms && (
          <RuleTextField form={form} field="mobile" label={t('login.mobile')} autoComplete="tel" inputMode="tel" />
        )}
        <SubmitButton loading={signUp.isPending} testId="signup-submit">
          {t('login.signUpSubmit')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

/** Activate: the code that went to the address; it can be sent again. The account lands logged in. */
function ActivateForm({ offers, address, show }: AccountFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activate = useActivateAccount();
  const form = useRuleForm(
    () => rules().then((module) => module.activationSchema),
    { address, code: '' },
    (values) =>
      activate.mutate(values, {
        onSuccess: ({ access, user }) => {
          startSession(access, user);
          toast.success(serverText('accountActivated'));
          navigate('/', { replace: true });
        },
      }),
  );
  return (
    <AccountCard title={t('login.activateTitle')} subtitle={t('login.activateSubtitle')} show={show}>
      <form className="mw-login-form" noValidate onSubmit={form.submit} data-testid="activate-form">
        <RuleTextField
          form={form}
          field="address"
          label={useAddressLabel(offers)}
          autoComplete="email"
          prefix={<MailOutlined />}
        />
        <RuleTextField
          form={form}
          field="code"
          label={t('login.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          prefix={<SafetyOutlined />}
          autoFocus={Boolean(address)}
        />
        <SendAgain address={form.values.address} purpose="activate" />
        <SubmitButton loading={activate.isPending} testId="activate-submit">
          {t('login.activateSubmit')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

/** Forgot password: the address, then the code with the new password twice. */
function ForgotPasswordForm(props: AccountFormProps) {
  const [sentTo, setSentTo] = useState('');
  return sentTo ? <NewPasswordStep {...props} address={sentTo} /> : <AddressStep {...props} onSent={setSentTo} />;
}

function AddressStep({ offers, show, address, onSent }: AccountFormProps & { onSent: (address: string) => void }) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  const form = useRuleForm(
    () => rules().then((module) => module.codeRequestSchema),
    { address },
    (values) =>
      sendCode.mutate(
        { address: values.address, purpose: 'reset' },
        {
          onSuccess: (message) => {
            toast.success(message);
            onSent(values.address);
          },
        },
      ),
  );
  return (
    <AccountCard title={t('login.forgotTitle')} subtitle={t('login.forgotSubtitle')} show={show}>
      <form className="mw-login-form" noValidate onSubmit={form.submit} data-testid="forgot-form">
        <RuleTextField
          form={form}
          field="address"
          label={useAddressLabel(offers)}
          autoComplete="email"
          prefix={<MailOutlined />}
          autoFocus
        />
        <SubmitButton loading={sendCode.isPending} testId="forgot-send">
          {t('login.sendCode')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

function NewPasswordStep({ address, show }: AccountFormProps) {
  const { t } = useTranslation();
  const change = useChangeForgottenPassword();
  const form = useRuleForm(
    () => rules().then((module) => module.passwordResetSchema),
    { code: '', password: '', password2: '' },
    (values) =>
      change.mutate(
        { ...values, address },
        {
          onSuccess: (message) => {
            toast.success(message);
            show('login');
          },
        },
      ),
  );
  return (
    <AccountCard title={t('login.forgotTitle')} subtitle={t('login.codeSentTo', { address })} show={show}>
      <form className="mw-login-form" noValidate onSubmit={form.submit} data-testid="reset-form">
        <RuleTextField
          form={form}
          field="code"
          label={t('login.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          prefix={<SafetyOutlined />}
          autoFocus
        />
        <RuleTextField
          form={form}
          field="password"
          label={t('login.newPassword')}
          autoComplete="new-password"
          password
        />
        <RuleTextField
          form={form}
          field="password2"
          label={t('login.newPassword2')}
          autoComplete="new-password"
          password
        />
        <SendAgain address={address} purpose="reset" />
        <SubmitButton loading={change.isPending} testId="reset-submit">
          {t('login.resetSubmit')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

/** Sends the code again to the address (a new code: the old one stops working). */
function SendAgain({ address, purpose }: { address: string; purpose: 'reset' | 'activate' }) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  return (
    <Button
      type="link"
      className="mw-login-link"
      disabled={!address}
      loading={sendCode.isPending}
      onClick={() => sendCode.mutate({ address, purpose }, { onSuccess: (message) => toast.success(message) })}
      data-testid="send-again"
    >
      {t('login.sendAgain')}
    </Button>
  );
}

function AccountCard({
  title,
  subtitle,
  show,
  children,
}: {
  title: string;
  subtitle: string;
  show: AccountFormProps['show'];
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="mw-login-title">{title}</h2>
      <p className="mw-login-subtitle">{subtitle}</p>
      {children}
      <div className="mw-login-links">
        <Button type="link" className="mw-login-link" onClick={() => show('login')} data-testid="back-to-login">
          {t('login.backToLogin')}
        </Button>
      </div>
    </>
  );
}

/** The account form of that name. */
export function AccountForm({ name, ...props }: { name: AccountFormName } & AccountFormProps) {
  if (name === 'signup') return <SignUpForm {...props} />;
  if (name === 'forgot') return <ForgotPasswordForm {...props} />;
  return <ActivateForm {...props} />;
}

/** The account forms' main button: the whole width, large, busy while its call runs. */
function SubmitButton({ loading, testId, children }: { loading: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
}
