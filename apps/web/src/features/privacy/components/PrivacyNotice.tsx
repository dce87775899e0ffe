import { formatLocale, PRIVACY_NOTICE_VERSION } from '@baan/contract';
import { Trans } from 'react-i18next';
import { Link } from '../../../i18n/localized-router';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { burmeseUtcDate } from '../../../lib/format-date';

/** The notice's sections (`privacy:notice.<id>`): paragraphs, or a list of items, in this order. */
const SECTIONS: { id: string; paragraphs?: string[]; items?: string[] }[] = [
  { id: 'controller', paragraphs: ['body'] },
  { id: 'data', items: ['account', 'listings', 'messages', 'payments', 'usage'] },
  { id: 'purposes', items: ['contract', 'law', 'interests', 'consent'] },
  { id: 'sharing', paragraphs: ['body'] },
  { id: 'retention', items: ['account', 'payments', 'visits'] },
  { id: 'rights', paragraphs: ['body', 'self', 'complaint'] },
  { id: 'security', paragraphs: ['body'] },
  { id: 'changes', paragraphs: ['body'] },
  { id: 'contact', paragraphs: ['body'] },
];

const linkClass = 'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900';

/**
 * /privacy: the PDPA privacy notice (ADR 023) in the page's language: who the controller is, what is collected, why
 * and on which legal basis, who receives it, how long it is kept, the person's rights and whom to write to. Its
 * version is PRIVACY_NOTICE_VERSION, the one consents record.
 */
export function PrivacyNotice({ email }: { email: string }) {
  const { t, i18n } = useTranslation('privacy');
  const version = new Date(`${PRIVACY_NOTICE_VERSION}T00:00:00Z`);
  const language = appLanguage(i18n.language);
  // Burmese without Intl: Chromium has none, so the page's Burmese date came back English and failed to hydrate.
  const inForce =
    language === 'my'
      ? burmeseUtcDate(version, 'long')
      : new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(version);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('notice.title')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('notice.lead')}</p>
      <p className="mt-2 text-sm text-slate-600">
        {t('notice.version', { version: PRIVACY_NOTICE_VERSION, date: inForce })}
      </p>
      <nav aria-labelledby="privacy-contents" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="privacy-contents" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          {t('notice.contents')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm">
          {SECTIONS.map(({ id }) => (
            <li key={id}>
              <a href={`#privacy-${id}`} className="text-teal-800 underline-offset-2 hover:underline">
                {t(`notice.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10 text-base leading-relaxed text-slate-700">
        {SECTIONS.map(({ id, paragraphs = [], items = [] }, index) => (
          <section key={id} id={`privacy-${id}`} aria-labelledby={`privacy-${id}-title`} className="scroll-mt-28">
            <h2 id={`privacy-${id}-title`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {t(`notice.${id}.title`)}
            </h2>
            {paragraphs.map((key) => (
              <p key={key} className="mt-3">
                <Trans
                  t={t}
                  i18nKey={`notice.${id}.${key}`}
                  values={{ email }}
                  components={{ contact: <Link to="/contact" className={linkClass} /> }}
                />
              </p>
            ))}
            {items.length > 0 ? (
              <ul className="mt-3 list-disc space-y-2 pl-5">
                {items.map((key) => (
                  <li key={key}>{t(`notice.${id}.${key}`)}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
