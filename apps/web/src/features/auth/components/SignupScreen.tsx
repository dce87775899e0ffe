import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { TextField } from '../../../components/ui/TextField';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { toast } from '../../../lib/toast';
import { useRegisterMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';
import { rememberPendingEmail } from '../session';
import { AuthCard, linkClass, SubmitButton } from './AuthCard';

/** /signup (spec 2): first, last, e-mail, mobile, password, confirm; name is first + ' ' + last. */
export function SignupScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', mobile: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [register, { isLoading }] = useRegisterMutation();
  const { errorMessage, fieldErrors } = useServerMessage();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const { firstName, lastName, email, mobile, password, confirm } = form;
    if (!firstName.trim() || !lastName.trim() || !email.trim() || !password || !confirm) {
      toast.error(t('messages.fillAllFields'));
      return;
    }
    if (password !== confirm) {
      setErrors({ password_confirmation: t('messages.passwordsDontMatch') });
      toast.error(t('messages.passwordsDontMatch'));
      return;
    }
    try {
      const user = await register({
        name: `${firstName.trim()} ${lastName.trim()}`,
        email: email.trim(),
        password,
        password_confirmation: confirm,
        ...(mobile.trim() ? { phone_number: mobile.trim() } : {}),
      }).unwrap();
      toast.success(t('messages.signupSuccess'));
      rememberPendingEmail(user.email);
      navigate('/otp', { state: { email: user.email, phone_number: mobile.trim() || undefined } });
    } catch (error) {
      const perField = fieldErrors(error);
      setErrors(perField);
      // The spec shows each field error as its own toast, else the message.
      const messages = Object.values(perField);
      if (messages.length > 0) for (const message of messages) toast.error(message);
      else toast.error(errorMessage(error, 'messages.generalError'));
    }
  }

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('signup.firstName')}
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
            error={errors.name}
          />
          <TextField
            label={t('signup.lastName')}
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          placeholder={t('common.emailPlaceholder')}
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label={t('signup.mobile')}
          type="tel"
          autoComplete="tel"
          value={form.mobile}
          onChange={set('mobile')}
          error={errors.phone_number}
        />
        <PasswordInput
          label={t('common.password')}
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordInput
          label={t('common.confirmPassword')}
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.password_confirmation}
        />
        <SubmitButton isBusy={isLoading} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('signup.haveAccount')}{' '}
        <Link to="/login" className={linkClass}>
          {t('signup.logIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
