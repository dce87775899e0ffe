import { type Consent, DELETION_LINK_HOURS } from '@baan/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Download, Mail, MailX, TriangleAlert } from '../../../components/ui/icons';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format-date';
import { saveBlob } from '../../../lib/private-file';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../session/store';
import {
  useExportDataMutation,
  useGetConsentsQuery,
  useRequestDeletionMutation,
  useSetNewsletterMutation,
} from '../api/privacy-api';
import { usePrivacyMessage } from '../lib/use-privacy-message';

const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
const linkClass = 'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900';

/** The site's one date format (the day in Bangkok; Burmese without Intl, which Chromium lacks). */
function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => formatDate(iso, i18n.language);
}

/**
 * The settings' PDPA sections (ADR 023): the person's consents, the newsletter on or off, a copy of their data, and
 * deleting the account (password here, then the e-mailed link).
 */
export function PrivacySettings() {
  const user = useAppSelector((s) => s.login.user);
  if (!user) return null;
  return (
    <div className="max-w-3xl space-y-8">
      <DataSection />
      <DeletionSection isAdmin={user.role === 'admin'} />
    </div>
  );
}

function ConsentLine({ consent }: { consent: Consent }) {
  const { t } = useTranslation('privacy');
  const date = useDate();
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p className="font-medium text-slate-900">{t(`settings.purposes.${consent.purpose}`)}</p>
      <p className="text-sm text-slate-600">
        {t('settings.agreed', { date: date(consent.granted_at), version: consent.notice_version })}
      </p>
      {consent.withdrawn_at ? (
        <p className="text-sm text-slate-600">{t('settings.withdrawn', { date: date(consent.withdrawn_at) })}</p>
      ) : null}
    </li>
  );
}

function DataSection() {
  const { t } = useTranslation('privacy');
  const headingId = useId();
  const consents = useGetConsentsQuery();
  const [setNewsletter, newsletterState] = useSetNewsletterMutation();
  const [exportData, exportState] = useExportDataMutation();
  const { failure } = usePrivacyMessage();
  const isSubscribed = consents.data?.newsletter ?? false;

  async function toggleNewsletter() {
    try {
      await setNewsletter(!isSubscribed).unwrap();
      toast.success(t(isSubscribed ? 'messages.newsletterOff' : 'messages.newsletterOn'));
    } catch (error) {
      toast.error(failure(error));
    }
  }

  async function download() {
    try {
      const data = await exportData().unwrap();
      const day = data.generated_at.slice(0, 10);
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `baan-my-data-${day}.json`);
      toast.success(t('messages.exported'));
    } catch (error) {
      toast.error(isApiError(error) && error.status === 429 ? t('messages.tooMany') : failure(error));
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('settings.title')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        <Trans t={t} i18nKey="settings.intro" components={{ privacy: <Link to="/privacy" className={linkClass} /> }} />
      </p>

      <h3 className="mt-6 font-semibold text-slate-900">{t('settings.consentsTitle')}</h3>
      {consents.isLoading ? (
        <p className="mt-2 text-sm text-slate-600" aria-busy="true">
          …
        </p>
      ) : consents.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('settings.loadFailed')}
        </p>
      ) : consents.data && consents.data.items.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {consents.data.items.map((consent) => (
            <ConsentLine key={`${consent.purpose}-${consent.granted_at}`} consent={consent} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t('settings.noConsents')}</p>
      )}

      {consents.data ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {t(isSubscribed ? 'settings.newsletterOn' : 'settings.newsletterOff')}
          </p>
          <button type="button" className={buttonClass} disabled={newsletterState.isLoading} onClick={toggleNewsletter}>
            {isSubscribed ? (
              <MailX className="size-4" aria-hidden="true" />
            ) : (
              <Mail className="size-4" aria-hidden="true" />
            )}
            {t(isSubscribed ? 'settings.stopNewsletter' : 'settings.startNewsletter')}
          </button>
        </div>
      ) : null}

      <h3 className="mt-8 font-semibold text-slate-900">{t('settings.exportTitle')}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{t('settings.exportText')}</p>
      <button type="button" className={`${buttonClass} mt-3`} disabled={exportState.isLoading} onClick={download}>
        <Download className="size-4" aria-hidden="true" />
        {exportState.isLoading ? t('settings.exporting') : t('settings.exportButton')}
      </button>
    </section>
  );
}

function DeletionSection({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('privacy');
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputRef = useRef<HTMLDivElement>(null);
  const [requestDeletion, { isLoading }] = useRequestDeletionMutation();
  const { failure, fieldError } = usePrivacyMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t('messages.passwordRequired'));
      inputRef.current?.querySelector('input')?.focus();
      return;
    }
    try {
      const started = await requestDeletion({ password }).unwrap();
      setError(undefined);
      setPassword('');
      setSentTo(started.email);
    } catch (caught) {
      const onField = fieldError(caught, 'password');
      if (onField) {
        setError(onField);
        inputRef.current?.querySelector('input')?.focus();
      } else {
        toast.error(isApiError(caught) && caught.status === 429 ? t('messages.tooManyTries') : failure(caught));
      }
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-red-200 bg-white p-6">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <TriangleAlert className="size-5" aria-hidden="true" />
        {t('deletion.title')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{t('deletion.what')}</p>
      {isAdmin ? (
        <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{t('messages.adminAccount')}</p>
      ) : sentTo ? (
        <p role="status" className="mt-4 rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-900">
          {t('deletion.sent', { email: sentTo, count: DELETION_LINK_HOURS })}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">{t('deletion.how')}</p>
          <div ref={inputRef}>
            <PasswordInput
              label={t('deletion.password')}
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
              }}
            />
          </div>
          <button
            type="submit"
            disabled={isLoading}
            className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:bg-slate-400"
          >
            {isLoading ? t('deletion.submitting') : t('deletion.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
