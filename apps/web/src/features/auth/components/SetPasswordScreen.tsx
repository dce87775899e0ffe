import { passwordRules } from '@baan/contract';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useNewPasswordMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';
import { AuthCard, linkClass, SubmitButton } from './AuthCard';
import { PasswordRulesList } from './PasswordRulesList';

function resetState(state: unknown): { email: string; token: string } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, verificationToken } = state as Record<string, unknown>;
  return typeof email === 'string' && typeof verificationToken === 'string' && verificationToken
    ? { email, token: verificationToken }
    : null;
}

/**
 * /setpassword (spec 2, 5): the last step of password recovery with the stricter rules of spec 5.
 * It is reached with {email, verificationToken} in navigation state (see docs/decisions); without
 * a token it says so and links to the start of recovery.
 */
export function SetPasswordScreen() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const reset = resetState(location.state);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [newPassword, { isLoading }] = useNewPasswordMutation();
  const { errorMessage } = useServerMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = t('messages.passwordRequired');
    else if (!passwordRules(password).every((r) => r.isMet)) next.password = t('setPassword.weak');
    if (!confirmation) next.confirmation = t('messages.confirmRequired');
    else if (password !== confirmation) next.confirmation = t('messages.passwordsDontMatch');
    setErrors(next);
    if (next.password || next.confirmation) return;
    if (!reset) return void toast.error(t('messages.missingToken'));
    try {
      await newPassword({
        email: reset.email,
        password,
        password_confirmation: confirmation,
        verification_token: reset.token,
      }).unwrap();
      toast.success(t('messages.passwordSet'));
      navigate('/login', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'messages.passwordResetError'));
    }
  }

  return (
    <AuthCard title={t('setPassword.title')} subtitle={t('setPassword.subtitle')}>
      {reset ? null : (
        <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('messages.missingToken')}{' '}
          <Link to="/login?mode=forgot" className={linkClass}>
            {t('setPassword.startOver')}
          </Link>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordInput
          label={t('common.newPassword')}
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordRulesList password={password} />
        <PasswordInput
          label={t('common.confirmPassword')}
          autoComplete="new-password"
          value={confirmation}
          error={errors.confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <SubmitButton isBusy={isLoading} label={t('setPassword.submit')} busyLabel={t('setPassword.submitting')} />
      </form>
    </AuthCard>
  );
}
