import { HERO_TITLE_MAX, LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import { type FormEvent, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { TextField } from '../../../components/ui/TextField';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useGetHomeSettingsQuery, useUpdateHomeSettingsMutation } from '../api/admin-api';
import { useErrorMessage } from '../lib/use-error-message';
import { AdminSection, buttons } from './ui';

type Titles = Record<Language, string>;

/** Site settings: the home page's headline in each language; blank shows the translated default. */
export function SettingsSection() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const { data, isLoading, error, refetch } = useGetHomeSettingsQuery();
  return (
    <AdminSection name="settings">
      {isLoading ? (
        <LoadingState label={t('common.loading')} />
      ) : error || !data ? (
        <ErrorState message={errorMessage(error)} retryLabel={t('common.retry')} onRetry={() => void refetch()} />
      ) : (
        <HeroTitleForm
          // A fresh form with what is stored (after a save too).
          key={JSON.stringify(data.hero_title)}
          stored={Object.fromEntries(LANGUAGES.map((l) => [l, data.hero_title[l] ?? ''])) as Titles}
        />
      )}
    </AdminSection>
  );
}

function HeroTitleForm({ stored }: { stored: Titles }) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const [titles, setTitles] = useState<Titles>(stored);
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  const [save, { isLoading }] = useUpdateHomeSettingsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tooLong = LANGUAGES.filter((l) => titles[l].trim().length > HERO_TITLE_MAX);
    setErrors(Object.fromEntries(tooLong.map((l) => [l, t('settings.tooLong', { max: HERO_TITLE_MAX })])));
    if (tooLong.length > 0) return;
    try {
      await save({ hero_title: titles }).unwrap();
      toast.success(t('settings.saved'));
    } catch (failure) {
      const fieldErrors = (failure as { errors?: Record<string, string[]> }).errors ?? {};
      const next = Object.fromEntries(
        LANGUAGES.filter((l) => fieldErrors[`hero_title.${l}`]).map((l) => [l, t('settings.invalid')]),
      );
      setErrors(next);
      if (Object.keys(next).length === 0) toast.error(errorMessage(failure));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-6 max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-5"
    >
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">{t('settings.heroTitle')}</legend>
        <p className="text-sm text-slate-600">{t('settings.heroTitleHint')}</p>
        {LANGUAGES.map((language) => (
          <TextField
            key={language}
            label={LANGUAGE_NAMES[language]}
            lang={LANGUAGE_TAGS[language]}
            value={titles[language]}
            maxLength={HERO_TITLE_MAX}
            error={errors[language]}
            onChange={(event) => setTitles((current) => ({ ...current, [language]: event.target.value }))}
          />
        ))}
      </fieldset>
      <button type="submit" disabled={isLoading} className={buttons.primary}>
        {isLoading ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}
