import type { AgentProfile, Language } from '@baan/contract';
import { BadgeCheck, Building, Languages, MapPin, Phone, UserRound, Users } from '../../../components/ui/icons';
import { Link, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { responseTime } from '../lib/agent-format';

/** The agent's photo, name, company, languages, areas, licence and member-since line (the page's header). */
export function AgentHeader({ agent }: { agent: AgentProfile }) {
  const { t } = useTranslation('agents');
  const language = usePageLanguage();
  return (
    <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
      {agent.profile_image ? (
        <img
          src={agent.profile_image}
          alt={t('page.photo', { name: agent.name })}
          className="size-28 shrink-0 rounded-full object-cover sm:size-36"
        />
      ) : (
        <span
          role="img"
          aria-label={t('page.noPhoto')}
          className="grid size-28 shrink-0 place-items-center rounded-full bg-teal-100 text-teal-800 sm:size-36"
        >
          <UserRound className="size-12" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{t('page.kicker')}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance break-words text-slate-900 sm:text-4xl">
          {agent.name}
        </h1>
        <dl className="mt-4 grid gap-2 text-slate-700">
          {agent.company_name ? (
            <div className="flex items-start gap-2">
              <dt>
                <Building className="mt-0.5 size-5 text-teal-700" aria-hidden="true" />
                <span className="sr-only">{t('page.company')}</span>
              </dt>
              <dd className="break-words">{agent.company_name}</dd>
            </div>
          ) : null}
          {agent.agency ? (
            <div className="flex items-start gap-2">
              <dt>
                <Users className="mt-0.5 size-5 text-teal-700" aria-hidden="true" />
                <span className="sr-only">{t('page.agency')}</span>
              </dt>
              <dd className="break-words">
                <Link
                  to={`/agency/${agent.agency.slug}`}
                  className="font-semibold text-teal-800 underline-offset-2 hover:underline"
                >
                  {agent.agency.name}
                </Link>
              </dd>
            </div>
          ) : null}
          {agent.languages.length > 0 ? (
            <div className="flex items-start gap-2">
              <dt>
                <Languages className="mt-0.5 size-5 text-teal-700" aria-hidden="true" />
                <span className="sr-only">{t('page.languages')}</span>
              </dt>
              <dd>{agent.languages.map((code: Language) => t(`languageNames.${code}`)).join(', ')}</dd>
            </div>
          ) : null}
          {agent.areas.length > 0 ? (
            <div className="flex items-start gap-2">
              <dt>
                <MapPin className="mt-0.5 size-5 text-teal-700" aria-hidden="true" />
                <span className="sr-only">{t('page.areas')}</span>
              </dt>
              <dd className="break-words">{agent.areas.join(', ')}</dd>
            </div>
          ) : null}
          {agent.licence_number ? (
            <div className="flex flex-wrap items-center gap-2">
              <dt className="font-medium">{t('page.licence')}:</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="break-all">{agent.licence_number}</span>
                {agent.licence_verified === 1 ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-sm font-semibold text-emerald-800">
                    <BadgeCheck className="size-4" aria-hidden="true" />
                    {t('page.verified')}
                  </span>
                ) : (
                  <span className="text-sm text-slate-600">({t('page.notVerified')})</span>
                )}
              </dd>
            </div>
          ) : null}
          {agent.phone_verified === 1 ? (
            <div className="flex items-center gap-2">
              <dt>
                <Phone className="size-5 text-teal-700" aria-hidden="true" />
                <span className="sr-only">{t('page.phone')}</span>
              </dt>
              <dd className="inline-flex items-center gap-1 font-semibold text-emerald-800">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t('page.phoneVerified')}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          {t('page.memberSince', { date: formatDate(agent.member_since, language) })}
        </p>
      </div>
    </header>
  );
}

/** The track record: active listings, sold or rented in 12 months, response rate and median answer time. */
export function AgentFigures({ agent }: { agent: AgentProfile }) {
  const { t } = useTranslation('agents');
  const notEnough = t('figures.notEnough');
  const items: { label: string; value: string | null }[] = [
    { label: t('figures.active'), value: String(agent.listings_active) },
    { label: t('figures.closed'), value: String(agent.closed_12m) },
    {
      label: t('figures.responseRate'),
      value: agent.response_rate_pct === null ? null : t('figures.rate', { rate: agent.response_rate_pct }),
    },
    {
      label: t('figures.responseTime'),
      value: agent.median_response_minutes === null ? null : responseTime(t, agent.median_response_minutes),
    },
  ];
  return (
    <section aria-labelledby="agent-figures" className="mt-8">
      <h2 id="agent-figures" className="text-xl font-semibold text-slate-900">
        {t('figures.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{item.label}</dt>
            {/* Too few inquiries: said in plain text, not set as large as a number. */}
            <dd
              className={
                item.value === null ? 'mt-1 font-medium text-slate-600' : 'mt-1 text-xl font-bold text-slate-900'
              }
            >
              {item.value ?? notEnough}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">{t('figures.note')}</p>
    </section>
  );
}
