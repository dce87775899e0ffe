import { AUTH_ERROR_CODES } from '@baan/contract';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { TextField } from '../../../components/ui/TextField';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useLoginMutation, useNewPasswordMutation, useResendOtpMutation } from '../api/auth-api';
import { useFinishLogin } from '../hooks/use-finish-login';
import { useServerMessage } from '../hooks/use-server-message';
import { rememberPendingEmail } from '../session';
import { AuthCard, linkClass, SubmitButton } from './AuthCard';
import { OtpCodeForm } from './OtpCodeForm';

type Mode = 'login' | 'forgot' | 'otp' | 'reset';

/** /login in its four modes (spec 2): login, forgot password, code entry, new password. */
export function LoginScreen() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'forgot' ? 'forgot' : 'login');
  const [email, setEmail] = useState('');
  const [verificationToken, setVerificationToken] = useState('');

  if (mode === 'forgot') {
    return (
      <ForgotMode email={email} setEmail={setEmail} onSent={() => setMode('otp')} onBack={() => setMode('login')} />
    );
  }
  if (mode === 'otp') {
    return (
      <CodeMode
        email={email}
        onVerified={(token) => {
          setVerificationToken(token);
          setMode('reset');
        }}
        onBack={() => setMode('forgot')}
      />
    );
  }
  if (mode === 'reset') {
    return (
      <ResetMode
        email={email}
        verificationToken={verificationToken}
        onDone={() => {
          setVerificationToken('');
          setMode('login');
        }}
      />
    );
  }
  return <LoginMode email={email} setEmail={setEmail} onForgot={() => setMode('forgot')} />;
}

function LoginMode({
  email,
  setEmail,
  onForgot,
}: {
  email: string;
  setEmail: (v: string) => void;
  onForgot: () => void;
}) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [login, { isLoading }] = useLoginMutation();
  const [resendOtp, { isLoading: isResending }] = useResendOtpMutation();
  const finishLogin = useFinishLogin();
  const navigate = useNavigate();
  const { errorMessage } = useServerMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address || !password) {
      toast.error(t('messages.fillLogin'));
      return;
    }
    try {
      const payload = await login({ email: address, password, remember }).unwrap();
      toast.success(t('messages.loginSuccess'));
      finishLogin(payload, remember);
    } catch (error) {
      if (isApiError(error) && error.code === AUTH_ERROR_CODES.emailNotVerified) await toCodeScreen(address);
      else toast.error(errorMessage(error, 'messages.loginError'));
    }
  }

  /** Right password, e-mail not verified yet: a fresh code, and the code screen with the address filled in. */
  async function toCodeScreen(address: string) {
    try {
      await resendOtp({ email: address, type: 'register' }).unwrap();
      toast.success(t('messages.verifyFirst', { email: address }));
    } catch (error) {
      // The code screen still helps: an earlier code may work, and Resend is there.
      toast.error(errorMessage(error, 'messages.otpSendError'));
    }
    rememberPendingEmail(address);
    navigate('/otp', { state: { email: address } });
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          placeholder={t('common.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordInput
          label={t('common.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="size-4 accent-teal-700"
            />
            {t('login.remember')}
          </label>
          <button type="button" onClick={onForgot} className={linkClass}>
            {t('login.forgot')}
          </button>
        </div>
        <SubmitButton isBusy={isLoading || isResending} label={t('login.submit')} busyLabel={t('login.submitting')} />
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('login.noAccount')}{' '}
        <Link to="/signup" className={linkClass}>
          {t('login.signUp')}
        </Link>
      </p>
    </AuthCard>
  );
}

function ForgotMode({
  email,
  setEmail,
  onSent,
  onBack,
}: {
  email: string;
  setEmail: (v: string) => void;
  onSent: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [resendOtp, { isLoading }] = useResendOtpMutation();
  const { errorMessage } = useServerMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      toast.error(t('messages.emailRequired'));
      return;
    }
    try {
      await resendOtp({ email: email.trim(), type: 'forgot_password' }).unwrap();
      toast.success(t('messages.otpSent'));
      onSent();
    } catch (error) {
      toast.error(errorMessage(error, 'messages.otpSendError'));
    }
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          placeholder={t('common.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton isBusy={isLoading} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
      </form>
      <p className="mt-6 text-center text-sm">
        <button type="button" onClick={onBack} className={linkClass}>
          {t('common.backToLogin')}
        </button>
      </p>
    </AuthCard>
  );
}

function CodeMode({
  email,
  onVerified,
  onBack,
}: {
  email: string;
  onVerified: (token: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('otp.title')} subtitle={t('otp.subtitle', { email })}>
      <OtpCodeForm
        type="forgot_password"
        email={email}
        autoFocus
        onVerified={(token) => {
          if (!token) throw new Error('no verification token');
          onVerified(token);
        }}
      />
      <p className="mt-2 text-center text-sm">
        <button type="button" onClick={onBack} className={linkClass}>
          {t('otp.wrongEmail')}
        </button>
      </p>
    </AuthCard>
  );
}

function ResetMode({
  email,
  verificationToken,
  onDone,
}: {
  email: string;
  verificationToken: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [newPassword, { isLoading }] = useNewPasswordMutation();
  const { errorMessage, fieldErrors } = useServerMessage();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!password || !confirmation) return void toast.error(t('messages.fillBothPasswords'));
    if (password !== confirmation) return void toast.error(t('messages.passwordsDontMatch'));
    if (!verificationToken) return void toast.error(t('messages.missingToken'));
    try {
      await newPassword({
        email: email.trim(),
        password,
        password_confirmation: confirmation,
        verification_token: verificationToken,
      }).unwrap();
      toast.success(t('messages.passwordResetSuccess'));
      onDone();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'messages.passwordResetError'));
    }
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle', { email })}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordInput
          label={t('common.newPassword')}
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordInput
          label={t('common.confirmPassword')}
          autoComplete="new-password"
          value={confirmation}
          error={errors.password_confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <SubmitButton isBusy={isLoading} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
      </form>
    </AuthCard>
  );
}
