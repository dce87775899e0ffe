import type { OtpType } from '@baan/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { emptyOtp, OtpInput } from '../../../components/ui/OtpInput';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useResendOtpMutation, useVerifyOtpMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';
import { linkClass, SubmitButton } from './AuthCard';

/**
 * Entering an e-mailed code: the four boxes, Verify, and a Resend that really resends. Used after
 * sign-up (/otp) and in the login screen's forgot-password flow. `onVerified` gets the server's
 * payload (the reset token for forgot_password); if it throws, the code counts as not verified.
 */
export function OtpCodeForm({
  type,
  email,
  phoneNumber,
  autoFocus,
  onVerified,
  children,
}: {
  type: OtpType;
  email: string;
  phoneNumber?: string;
  autoFocus: boolean;
  onVerified: (payload: string | null) => void;
  /** Fields shown above the boxes (the e-mail, when the screen does not know it). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const [digits, setDigits] = useState(emptyOtp());
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const [resendOtp, { isLoading: isResending }] = useResendOtpMutation();
  const { errorMessage } = useServerMessage();
  const code = digits.join('');
  const isComplete = /^\d{4}$/.test(code);
  const address = email.trim();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete) return void toast.error(t('messages.fullOtpRequired'));
    if (!address) return void toast.error(t('messages.emailRequired'));
    try {
      const payload = await verifyOtp({
        email: address,
        otp: code,
        type,
        ...(phoneNumber ? { phone_number: phoneNumber } : {}),
      }).unwrap();
      onVerified(payload);
    } catch (error) {
      setDigits(emptyOtp());
      toast.error(errorMessage(error, 'messages.otpVerifyError'));
    }
  }

  async function onResend() {
    if (!address) return void toast.error(t('messages.emailRequired'));
    try {
      await resendOtp({ email: address, type }).unwrap();
      setDigits(emptyOtp());
      toast.success(t('otp.resent'));
    } catch (error) {
      toast.error(errorMessage(error, 'messages.otpSendError'));
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {children}
        <OtpInput
          value={digits}
          onChange={setDigits}
          label={t('otp.label')}
          digitLabel={(position, count) => t('otp.digit', { position, count })}
          disabled={isLoading}
          autoFocus={autoFocus}
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
    </>
  );
}
