import {
  AGENT_LIMITS,
  LANGUAGES,
  type Language,
  type PublicProfile,
  toFieldErrors,
  UpdatePublicProfileRequest,
} from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxField } from '../../../components/ui/CheckboxField';
import { BadgeCheck } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGetPublicProfileQuery, useUpdatePublicProfileMutation } from '../api/agents-api';
import { agentMessageKey } from '../lib/messages';

type Fields = {
  public: boolean;
  slug: string;
  company_name: string;
  languages: Language[];
  areas: string;
  licence_number: string;
  about: string;
};
type FieldName = Exclude<keyof Fields, 'public'> | 'public';
type Errors = Partial<Record<FieldName, string>>;

const fieldsOf = (profile: PublicProfile): Fields => ({
  public: profile.public === 1,
  slug: profile.slug ?? '',
  company_name: profile.company_name ?? '',
  languages: profile.languages,
  areas: profile.areas.join('\n'),
  licence_number: profile.licence_number ?? '',
  about: profile.about ?? '',
});

/** What the form sends: every field (blank clears), areas one per line. */
function bodyOf(fields: Fields) {
  return {
    public: fields.public,
    ...(fields.slug.trim() ? { slug: fields.slug.trim() } : {}),
    company_name: fields.company_name,
    languages: fields.languages,
    areas: fields.areas
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    licence_number: fields.licence_number,
    about: fields.about,
  };
}

/** /dashboard/settings: the public profile (ADR 029): publish a page at /agent/{slug} and say what it shows. */
export function PublicProfileSettings() {
  const { t } = useTranslation('agents');
  const { data, isLoading, isError } = useGetPublicProfileQuery();
  if (isLoading) return <p className="text-slate-600">{t('settings.loading')}</p>;
  if (isError || !data) return <p role="alert">{t('settings.errors.loadFailed')}</p>;
  return <PublicProfileForm profile={data} />;
}

export function PublicProfileForm({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [save, { isLoading }] = useUpdatePublicProfileMutation();

  /** One message per field, in the reader's language (`areas.3` counts as `areas`). */
  const translate = (found: Record<string, string[]>): Errors => {
    const out: Errors = {};
    for (const [path, list] of Object.entries(found)) {
      const field = path.split('.')[0] as FieldName;
      if (out[field]) continue;
      const key = agentMessageKey(list[0]);
      out[field] = t(`settings.errors.${key ?? 'saveFailed'}`, {
        min: AGENT_LIMITS.slugMin,
        max: AGENT_LIMITS.slug,
      });
    }
    return out;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(fields);
    const parsed = UpdatePublicProfileRequest.safeParse(body);
    const local: Errors = parsed.success ? {} : translate(toFieldErrors(parsed.error.issues));
    if (fields.public && !fields.slug.trim()) local.slug = t('settings.errors.slugRequired');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      toast.error(Object.values(local)[0] ?? t('settings.errors.saveFailed'));
      return;
    }
    setErrors({});
    try {
      const saved = await save(body).unwrap();
      setFields(fieldsOf(saved));
      toast.success(t('settings.saved'));
    } catch (error) {
      const found = isApiError(error) && error.errors ? translate(error.errors) : {};
      setErrors(found);
      const key = isApiError(error) ? agentMessageKey(error.message) : undefined;
      toast.error(Object.values(found)[0] ?? t(`settings.errors.${key ?? 'saveFailed'}`));
    }
  }

  const toggleLanguage = (code: Language) =>
    setFields((current) => ({
      ...current,
      languages: current.languages.includes(code)
        ? current.languages.filter((c) => c !== code)
        : [...current.languages, code],
    }));
  const text = (name: 'slug' | 'company_name' | 'licence_number') => ({
    value: fields[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });
  const area = (name: 'areas' | 'about', label: string, hint: string, rows: number, maxLength?: number) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        value={fields[name]}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ''}`}
        onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-200 ${
          errors[name] ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <CheckboxField
          checked={fields.public}
          error={errors.public}
          onChange={(event) => setFields((current) => ({ ...current, public: event.target.checked }))}
        >
          {t('settings.public')}
        </CheckboxField>
        <TextField
          label={t('settings.slug')}
          hint={t('settings.slugHint', { min: AGENT_LIMITS.slugMin, max: AGENT_LIMITS.slug })}
          autoComplete="off"
          spellCheck={false}
          maxLength={AGENT_LIMITS.slug}
          {...text('slug')}
        />
        <TextField
          label={t('settings.company')}
          autoComplete="organization"
          maxLength={AGENT_LIMITS.company}
          {...text('company_name')}
        />
        <fieldset aria-describedby={errors.languages ? `${id}-languages-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('settings.languages')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {LANGUAGES.map((code) => (
              <CheckboxField key={code} checked={fields.languages.includes(code)} onChange={() => toggleLanguage(code)}>
                {t(`languageNames.${code}`)}
              </CheckboxField>
            ))}
          </div>
          {errors.languages ? (
            <p id={`${id}-languages-error`} className="mt-1 text-sm text-red-700">
              {errors.languages}
            </p>
          ) : null}
        </fieldset>
        {area('areas', t('settings.areas'), t('settings.areasHint', { count: AGENT_LIMITS.areas }), 3)}
        <TextField
          label={t('settings.licence')}
          hint={t('settings.licenceHint')}
          autoComplete="off"
          maxLength={AGENT_LIMITS.licence}
          {...text('licence_number')}
        />
        {profile.licence_verified === 1 && fields.licence_number === (profile.licence_number ?? '') ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-emerald-800">
            <BadgeCheck className="size-4" aria-hidden="true" />
            {t('page.verified')}
          </p>
        ) : null}
        {area(
          'about',
          t('settings.about'),
          t('settings.aboutHint', { count: AGENT_LIMITS.about }),
          5,
          AGENT_LIMITS.about,
        )}
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={isLoading}
            className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {t('settings.save')}
          </button>
          {profile.public === 1 && profile.slug ? (
            <Link
              to={`/agent/${profile.slug}`}
              className="font-semibold text-teal-800 underline-offset-2 hover:underline"
            >
              {t('settings.view')}
            </Link>
          ) : null}
        </div>
      </form>
    </section>
  );
}
