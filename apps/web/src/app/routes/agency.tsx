import { AGENCY_LIMITS, localizedPath, PROJECT_SLUG_PATTERN } from '@baan/contract';
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { AgencyAgents, AgencyHeader } from '../../features/agencies/components/AgencyView';
import { agencyJsonLd } from '../../features/agencies/lib/agency-json-ld';
import { fixedT } from '../../i18n/i18n.server';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['agencies'] };

const isAgencySlug = (slug: string | undefined): slug is string =>
  !!slug && slug.length <= AGENCY_LIMITS.slug && PROJECT_SLUG_PATTERN.test(slug);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (!isAgencySlug(slug)) throw data(null, { status: 404 });
  const agency = await context.pages.getAgency(slug);
  if (!agency) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const t = fixedT(language, 'agencies');
  const url = new URL(request.url);
  const seo = pageSeo({
    request,
    context,
    title: t('page.metaTitle', { name: agency.name }),
    description: t('page.metaDescription', { name: agency.name, count: agency.listings_active }),
    image: agency.logo,
    jsonLd: [
      agencyJsonLd({
        agency,
        url: `${context.publicUrl}${url.pathname}`,
        publicUrl: context.publicUrl,
        agentUrl: (agent) => `${context.publicUrl}${localizedPath(language, `/agent/${agent}`)}`,
      }),
      breadcrumbs(context, language, [
        { name: fixedT(language)('nav.home'), path: '/' },
        { name: agency.name, path: `/agency/${agency.slug}` },
      ]),
    ],
  });
  return { agency, seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /agency/:slug: an agency's public page (ADR 037): its agents with public pages and its active listings count. */
export default function AgencyPage() {
  const { agency } = useLoaderData<typeof loader>();
  const { t } = useTranslation('agencies');
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <AgencyHeader agency={agency} />
      {agency.about ? (
        <section aria-labelledby="agency-about" className="mt-8 max-w-3xl">
          <h2 id="agency-about" className="text-xl font-semibold text-slate-900">
            {t('page.about')}
          </h2>
          <p className="mt-2 whitespace-pre-line break-words text-slate-700">{agency.about}</p>
        </section>
      ) : null}
      <AgencyAgents agency={agency} />
    </article>
  );
}
