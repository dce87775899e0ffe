import type { AgencyProfile } from '@baan/contract';
import { BadgeCheck, Building, UserRound } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';

/** The agency's logo, name, about text and active listings count (the page's header). */
export function AgencyHeader({ agency }: { agency: AgencyProfile }) {
  const { t } = useTranslation('agencies');
  return (
    <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
      {agency.logo ? (
        <img
          src={agency.logo}
          alt={t('page.logo', { name: agency.name })}
          className="size-28 shrink-0 rounded-2xl bg-white object-contain sm:size-36"
        />
      ) : (
        <span
          role="img"
          aria-label={t('page.noLogo')}
          className="grid size-28 shrink-0 place-items-center rounded-2xl bg-teal-100 text-teal-800 sm:size-36"
        >
          <Building className="size-12" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{t('page.kicker')}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance break-words text-slate-900 sm:text-4xl">
          {agency.name}
        </h1>
        <dl className="mt-4 flex flex-wrap gap-3">
          <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <dt className="text-sm text-slate-600">{t('page.activeListings')}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{agency.listings_active}</dd>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <dt className="text-sm text-slate-600">{t('page.agentCount')}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{agency.agents.length}</dd>
          </div>
        </dl>
      </div>
    </header>
  );
}

/** The agency's agents with a public page, each linking to it. */
export function AgencyAgents({ agency }: { agency: AgencyProfile }) {
  const { t } = useTranslation('agencies');
  return (
    <section aria-labelledby="agency-agents" className="mt-10">
      <h2 id="agency-agents" className="text-xl font-semibold text-slate-900">
        {t('page.agents')}
      </h2>
      {agency.agents.length === 0 ? (
        <p className="mt-2 text-slate-600">{t('page.noAgents')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {agency.agents.map((agent) => (
            <li key={agent.slug}>
              <Link
                to={`/agent/${agent.slug}`}
                className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 hover:border-teal-600 focus-visible:outline-2 focus-visible:outline-teal-600"
              >
                {agent.profile_image ? (
                  <img
                    src={agent.profile_image}
                    alt=""
                    className="size-14 shrink-0 rounded-full object-cover"
                    loading="lazy"
                  />
                ) : (
                  <span className="grid size-14 shrink-0 place-items-center rounded-full bg-teal-100 text-teal-800">
                    <UserRound className="size-7" aria-hidden="true" />
                  </span>
                )}
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-slate-900">{agent.name}</span>
                  <span className="block text-sm text-slate-600">
                    {t('page.agentListings', { count: agent.listings_active })}
                  </span>
                  {agent.licence_verified === 1 ? (
                    <span className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800">
                      <BadgeCheck className="size-4" aria-hidden="true" />
                      {t('page.licenceVerified')}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
