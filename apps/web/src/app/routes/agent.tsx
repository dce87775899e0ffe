import {
  AGENT_LIMITS,
  AGENT_LISTINGS_PER_PAGE,
  AGENT_SLUG_PATTERN,
  type Language,
  localizedPath,
  type Property,
} from '@baan/contract';
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { LinkPager } from '../../components/ui/LinkPager';
import { AgentFigures, AgentHeader } from '../../features/agents/components/AgentProfileView';
import { agentPageNumber, agentPageQuery } from '../../features/agents/lib/agent-format';
import { agentJsonLd } from '../../features/agents/lib/agent-json-ld';
import { PropertyGrid } from '../../features/listings/components/PropertyGrid';
import { fixedT } from '../../i18n/i18n.server';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['agents', 'listings'] };

const isAgentSlug = (slug: string | undefined): slug is string =>
  !!slug && slug.length <= AGENT_LIMITS.slug && AGENT_SLUG_PATTERN.test(slug);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (!isAgentSlug(slug)) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const url = new URL(request.url);
  const page = agentPageNumber(url.searchParams);
  const [agent, listings] = await Promise.all([
    context.pages.getAgent(slug),
    context.pages.agentListings(slug, { page, per_page: AGENT_LISTINGS_PER_PAGE }),
  ]);
  if (!agent || !listings) throw data(null, { status: 404 });
  const t = fixedT(language, 'agents');
  const canonicalPath = `${context.publicUrl}${url.pathname}`;
  const seo = pageSeo({
    request,
    context,
    title: t('page.metaTitle', { name: agent.name }),
    description: t('page.metaDescription', { name: agent.name, count: agent.listings_active }),
    image: agent.profile_image,
    jsonLd: [
      agentJsonLd({
        agent,
        url: canonicalPath,
        publicUrl: context.publicUrl,
        languageName: (code: Language) => t(`languageNames.${code}`),
        listingUrls: listings.items.map(
          (item: Property) => `${context.publicUrl}${localizedPath(language, `/detail/${item.id}`)}`,
        ),
      }),
      breadcrumbs(context, language, [
        { name: fixedT(language)('nav.home'), path: '/' },
        { name: agent.name, path: `/agent/${agent.slug}` },
      ]),
    ],
  });
  return { agent, listings, page, seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /agent/:slug: a lister's public profile (ADR 029) with figures and active listings, rendered on the server. */
export default function AgentPage() {
  const { agent, listings, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['agents', 'listings']);
  const pageCount = Math.max(1, Math.ceil(listings.total / AGENT_LISTINGS_PER_PAGE));
  const base = `/agent/${agent.slug}`;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <AgentHeader agent={agent} />
      {agent.about ? (
        <section aria-labelledby="agent-about" className="mt-8 max-w-3xl">
          <h2 id="agent-about" className="text-xl font-semibold text-slate-900">
            {t('page.about')}
          </h2>
          <p className="mt-2 whitespace-pre-line break-words text-slate-700">{agent.about}</p>
        </section>
      ) : null}
      <AgentFigures agent={agent} />
      <section aria-labelledby="agent-listings" className="mt-10">
        <h2 id="agent-listings" className="text-xl font-semibold text-slate-900">
          {t('page.listings', { count: listings.total })}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('page.contactHint')}</p>
        <div className="mt-4">
          <PropertyGrid
            items={listings.items}
            isLoading={false}
            error={null}
            loadingCount={0}
            label={t('page.listingsList', { name: agent.name })}
            emptyMessage={t('page.noListings')}
            eagerCount={0}
          />
        </div>
        <div className="mt-6">
          <LinkPager
            page={page}
            pageCount={pageCount}
            hrefFor={(p) => `${base}${agentPageQuery(p)}`}
            labels={{
              nav: t('pagination.label'),
              previous: t('pagination.previous'),
              next: t('pagination.next'),
              page: (p) => t('pagination.page', { page: p }),
              status: (p, count) => t('pagination.status', { page: p, pageCount: count }),
            }}
          />
        </div>
      </section>
    </article>
  );
}
