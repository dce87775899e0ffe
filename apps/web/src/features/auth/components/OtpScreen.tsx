import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { emptyOtp, OtpInput } from '../../../components/ui/OtpInput';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useResendOtpMutation, useVerifyOtpMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';
import { forgetPendingEmail, pendingEmail } from '../session';
import { AuthCard, linkClass, SubmitButton } from './AuthCard';

function stateField(state: unknown, field: string): string | undefined {
  if (typeof state === 'object' && state !== null && field in state) {
    const value = (state as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/** /otp after sign-up (spec 2, 4): four boxes, Verify Code, a Resend that really resends, back to /signup. */
export function OtpScreen() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const knownEmail = stateField(location.state, 'email') ?? pendingEmail() ?? '';
  const phoneNumber = stateField(location.state, 'phone_number');
  const [email, setEmail] = useState(knownEmail);
  const [digits, setDigits] = useState(emptyOtp());
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const [resendOtp, { isLoading: isResending }] = useResendOtpMutation();
  const { errorMessage } = useServerMessage();
  const code = digits.join('');
  const isComplete = /^\d{4}$/.test(code);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete) return void toast.error(t('messages.fullOtpRequired'));
    if (!email.trim()) return void toast.error(t('messages.emailRequired'));
    try {
      const result = await verifyOtp({
        email: email.trim(),
        otp: code,
        type: 'register',
        ...(phoneNumber ? { phone_number: phoneNumber } : {}),
      });
      if ('error' in result) throw result.error;
      forgetPendingEmail();
      toast.success(t('messages.otpVerified'));
      navigate('/login', { replace: true });
    } catch (error) {
      setDigits(emptyOtp());
      toast.error(errorMessage(error, 'messages.otpVerifyError'));
    }
  }

  async function onResend() {
    if (!email.trim()) return void toast.error(t('messages.emailRequired'));
    try {
      await resendOtp({ email: email.trim(), type: 'register' }).unwrap();
      setDigits(emptyOtp());
      toast.success(t('otp.resent'));
    } catch (error) {
      toast.error(errorMessage(error, 'messages.otpSendError'));
    }
  }

  return (
    <AuthCard
      title={t('otp.title')}
      subtitle={knownEmail ? t('otp.subtitle', { email: knownEmail }) : t('otp.subtitleNoEmail')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {knownEmail ? null : (
          <TextField
            label={t('common.email')}
            type="email"
            autoComplete="email"
            placeholder={t('common.emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        <OtpInput
          value={digits}
          onChange={setDigits}
          label={t('otp.label')}
          digitLabel={(position, count) => t('otp.digit', { position, count })}
          disabled={isLoading}
          autoFocus={Boolean(knownEmail)}
        />
        <SubmitButton
          isBusy={isLoading}
          disabled={!isComplete}
          label={t('otp.verify')}
          busyLabel={t('otp.verifying')}
        />
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('otp.noCode')}{' '}
        <button type="button" onClick={onResend} disabled={isResending} className={linkClass}>
          {isResending ? t('otp.resending') : t('otp.resend')}
        </button>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        {t('otp.wrongEmail')}{' '}
        <Link to="/signup" className={linkClass}>
          {t('otp.signUpAgain')}
        </Link>
      </p>
    </AuthCard>
  );
}
