import { PHONE_CODE_LENGTH, type User } from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { BadgeCheck } from '../../../components/ui/icons';
import { emptyOtp, OtpInput } from '../../../components/ui/OtpInput';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { userUpdated } from '../../../session/login-slice';
import { useAppDispatch } from '../../../session/store';
import { useSendPhoneCodeMutation, useVerifyPhoneMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';

const button =
  'rounded-lg border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:border-slate-300 disabled:text-slate-500';

/**
 * Settings' "Verify phone" (ADR 036): the saved number gets a 6-digit code by SMS; the code back marks it verified,
 * which listings' contact boxes and the agent page show. Saving another number clears the mark (the server decides).
 */
export function PhoneVerification({ user }: { user: User }) {
  const { t } = useTranslation(['dashboard', 'auth']);
  const dispatch = useAppDispatch();
  const headingId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [digits, setDigits] = useState(emptyOtp(PHONE_CODE_LENGTH));
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [sendCode, { isLoading: isSending }] = useSendPhoneCodeMutation();
  const [verify, { isLoading: isVerifying }] = useVerifyPhoneMutation();
  const { errorMessage, translate } = useServerMessage();
  const number = user.phone_number;
  const code = digits.join('');
  const isComplete = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code);
  // A code sent to a number that is no longer the saved one cannot verify it.
  const isWaiting = sentTo !== null && sentTo === number;

  async function onSend() {
    if (!number) return;
    try {
      await sendCode({ phone_number: number }).unwrap();
      setSentTo(number);
      setDigits(emptyOtp(PHONE_CODE_LENGTH));
      setMessage({ tone: 'info', text: t('settings.phoneVerify.sent', { number }) });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, 'auth:messages.phone.smsOff') });
    }
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!isComplete) {
      setMessage({ tone: 'error', text: translate(undefined, 'messages.phone.codeRequired') });
      return;
    }
    try {
      await verify({ code }).unwrap();
      dispatch(userUpdated({ ...user, phone_verified: 1 }));
      setSentTo(null);
      setMessage(null);
      toast.success(t('auth:messages.phone.verified'));
    } catch (error) {
      setDigits(emptyOtp(PHONE_CODE_LENGTH));
      setMessage({ tone: 'error', text: errorMessage(error, 'messages.phone.wrongCode') });
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('settings.phoneVerify.title')}
      </h2>
      {!number ? (
        <p className="mt-2 text-sm text-slate-600">{t('settings.phoneVerify.noNumber')}</p>
      ) : user.phone_verified === 1 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span className="tabular-nums">{number}</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800">
            <BadgeCheck className="size-4" aria-hidden="true" />
            {t('settings.phoneVerify.verified')}
          </span>
        </p>
      ) : (
        <div className="mt-2 space-y-4">
          <p className="text-sm text-slate-600">{t('settings.phoneVerify.why', { number })}</p>
          {isWaiting ? (
            <form onSubmit={onVerify} noValidate className="space-y-4">
              <OtpInput
                value={digits}
                onChange={setDigits}
                label={t('settings.phoneVerify.codeLabel')}
                digitLabel={(position, count) => t('auth:otp.digit', { position, count })}
                disabled={isVerifying}
                autoFocus
                hasError={message?.tone === 'error'}
              />
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  disabled={isVerifying}
                  className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:bg-slate-400"
                >
                  {isVerifying ? t('auth:otp.verifying') : t('auth:otp.verify')}
                </button>
                <button type="button" onClick={onSend} disabled={isSending} className={button}>
                  {isSending ? t('settings.phoneVerify.sending') : t('settings.phoneVerify.resend')}
                </button>
              </div>
            </form>
          ) : (
            <button type="button" onClick={onSend} disabled={isSending} className={button}>
              {isSending ? t('settings.phoneVerify.sending') : t('settings.phoneVerify.send')}
            </button>
          )}
        </div>
      )}
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-3 text-sm ${message.tone === 'error' ? 'text-red-700' : 'text-slate-700'}`}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
