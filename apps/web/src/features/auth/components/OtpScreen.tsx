import { useState } from 'react';
import { useLocation } from 'react-router';
import { TextField } from '../../../components/ui/TextField';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { forgetPendingEmail, pendingEmail } from '../session';
import { AuthCard, linkClass } from './AuthCard';
import { OtpCodeForm } from './OtpCodeForm';

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
  return (
    <AuthCard
      title={t('otp.title')}
      subtitle={knownEmail ? t('otp.subtitle', { email: knownEmail }) : t('otp.subtitleNoEmail')}
    >
      <OtpCodeForm
        type="register"
        email={email}
        phoneNumber={phoneNumber}
        autoFocus={Boolean(knownEmail)}
        onVerified={() => {
          forgetPendingEmail();
          toast.success(t('messages.otpVerified'));
          navigate('/login', { replace: true });
        }}
      >
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
      </OtpCodeForm>
      <p className="mt-2 text-center text-sm text-slate-600">
        {t('otp.wrongEmail')}{' '}
        <Link to="/signup" className={linkClass}>
          {t('otp.signUpAgain')}
        </Link>
      </p>
    </AuthCard>
  );
}
