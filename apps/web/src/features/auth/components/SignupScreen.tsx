import {
  AUTH_MESSAGES,
  hasHiddenCharacters,
  RegisterRequest,
  type RegisterRequestInput,
  toFieldErrors,
} from '@baan/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/CheckboxField';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { TextField } from '../../../components/ui/TextField';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useRegisterMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';
import { rememberPendingEmail } from '../session';
import { AuthCard, linkClass, SubmitButton } from './AuthCard';
import { PasswordRulesList } from './PasswordRulesList';

type Fields = { firstName: string; lastName: string; email: string; mobile: string; password: string; confirm: string };
type ErrorKey = keyof Fields | 'acceptTerms';
type Errors = Partial<Record<ErrorKey, string>>;

/** The wire's field names on the form's fields (a server's 400 names the wire's). */
const FIELD_OF_WIRE: Record<string, ErrorKey> = {
  name: 'firstName',
  email: 'email',
  phone_number: 'mobile',
  password: 'password',
  password_confirmation: 'confirm',
  accept_terms: 'acceptTerms',
};

function onForm(wireErrors: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [field, message] of Object.entries(wireErrors)) {
    const key = FIELD_OF_WIRE[field];
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}

/**
 * /signup (spec 2): first, last, e-mail, mobile, password, confirm; name is first + ' ' + last. Checked with the API's
 * own schema (RegisterRequest: the password rules, the terms, the phone number), every invalid field
 * marked at once with its message in the person's language, and the first one focused. The agreement to the terms
 * and the privacy notice is required; the newsletter is a separate, optional consent (PDPA, ADR 023).
 */
export function SignupScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form, setForm] = useState<Fields>({
    firstName: '',
    lastName: '',
    email: '',
    mobile: '',
    password: '',
    confirm: '',
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string | null>(null);
  // Bumped on every refused submit: the effect then focuses the first marked field.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [register, { isLoading }] = useRegisterMutation();
  const { translate, errorMessage, fieldErrors, translateFields } = useServerMessage();
  const set = (field: keyof Fields) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function refuse(found: Errors, message: string) {
    setErrors(found);
    setSummary(message);
    setRefusals((n) => n + 1);
  }

  function check(): { body: RegisterRequestInput; errors: Errors } {
    const firstName = form.firstName.trim();
    const lastName = form.lastName.trim();
    const mobile = form.mobile.trim();
    const body = {
      name: `${firstName} ${lastName}`.trim(),
      email: form.email.trim(),
      password: form.password,
      password_confirmation: form.confirm,
      ...(mobile ? { phone_number: mobile } : {}),
      accept_terms: acceptTerms,
      newsletter,
    } as RegisterRequestInput;
    const parsed = RegisterRequest.safeParse(body);
    const found = parsed.success ? {} : onForm(translateFields(toFieldErrors(parsed.error.issues)));
    // The wire has one name; the form asks for both halves and says which one is wrong.
    if (!firstName) found.firstName = t('signup.errors.firstNameRequired');
    else if (hasHiddenCharacters(firstName))
      found.firstName = translate(AUTH_MESSAGES.nameInvalid, 'messages.invalidForm');
    if (!lastName) found.lastName = t('signup.errors.lastNameRequired');
    else if (hasHiddenCharacters(lastName))
      found.lastName = translate(AUTH_MESSAGES.nameInvalid, 'messages.invalidForm');
    return { body, errors: found };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = check();
    if (Object.keys(found).length > 0) {
      refuse(found, t('messages.invalidForm'));
      return;
    }
    setErrors({});
    setSummary(null);
    try {
      const user = await register(body).unwrap();
      toast.success(t('messages.signupSuccess'));
      rememberPendingEmail(user.email);
      navigate('/otp', { state: { email: user.email, phone_number: body.phone_number } });
    } catch (error) {
      const perField = onForm(fieldErrors(error));
      refuse(perField, errorMessage(error, 'messages.generalError'));
    }
  }

  const summaryId = 'signup-summary';
  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-describedby={summary ? summaryId : undefined}
      >
        {summary ? (
          <p
            id={summaryId}
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {summary}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('signup.firstName')}
            autoComplete="given-name"
            maxLength={100}
            value={form.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            label={t('signup.lastName')}
            autoComplete="family-name"
            maxLength={100}
            value={form.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          placeholder={t('common.emailPlaceholder')}
          maxLength={320}
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label={t('signup.mobile')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          hint={t('signup.mobileHint')}
          value={form.mobile}
          onChange={set('mobile')}
          error={errors.mobile}
        />
        <PasswordInput
          label={t('common.password')}
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordRulesList password={form.password} />
        <PasswordInput
          label={t('common.confirmPassword')}
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
        />
        <CheckboxField
          checked={acceptTerms}
          onChange={(e) => {
            setAcceptTerms(e.target.checked);
            if (e.target.checked) setErrors(({ acceptTerms: _done, ...rest }) => rest);
          }}
          error={errors.acceptTerms}
        >
          <Trans
            t={t}
            i18nKey="signup.acceptTerms"
            components={{
              terms: <Link to="/terms" target="_blank" rel="noopener" className={linkClass} />,
              privacy: <Link to="/privacy" target="_blank" rel="noopener" className={linkClass} />,
            }}
          />
        </CheckboxField>
        <CheckboxField
          checked={newsletter}
          onChange={(e) => setNewsletter(e.target.checked)}
          hint={t('signup.newsletterHint')}
        >
          {t('signup.newsletter')}
        </CheckboxField>
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
