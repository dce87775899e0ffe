import { AreaMarketQuery, DEFAULT_MARKET_MONTHS, PROJECT_LIMITS } from '@baan/contract';
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { MarketFigures } from '../../features/projects/components/MarketFigures';
import { ProjectGrid } from '../../features/projects/components/ProjectCard';
import {
  MARKET_SUB_TYPES,
  marketSubType,
  placeFromSlug,
  TOP_PROJECTS,
} from '../../features/projects/lib/project-params';
import { fixedT } from '../../i18n/i18n.server';
import { Link, usePageLanguage } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { localizePlace } from '../../lib/places/localize-place';
import { useLocalizePlace } from '../../lib/places/use-localize-place';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['projects'] };

const isPlace = (value: string | undefined) =>
  value === undefined || (value.length > 0 && value.length <= PROJECT_LIMITS.place && !/[/?#]/.test(value));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { province, district } = params;
  if (!province || !isPlace(province) || !isPlace(district)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const subType = marketSubType(url.searchParams);
  const query = AreaMarketQuery.safeParse({ province, district, sub_type: subType, months: DEFAULT_MARKET_MONTHS });
  if (!query.success) throw data(null, { status: 404 });
  const [figures, projects] = await Promise.all([
    context.pages.areaMarket(query.data),
    context.pages.listProjects({
      province,
      district,
      sort: 'listings_desc',
      page: 1,
      per_page: TOP_PROJECTS,
    }),
  ]);
  if (!figures) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const t = fixedT(language, 'projects');
  const tListings = fixedT(language, 'listings');
  const placeName = localizePlace(
    [district, province]
      .filter((part): part is string => !!part)
      .map(placeFromSlug)
      .join(', '),
    language,
    (key) => tListings(`places.${key}`),
  );
  const path = `/market/${province}${district ? `/${district}` : ''}`;
  const seo = pageSeo({
    request,
    context,
    title: t('area.title', { place: placeName }),
    description: t('area.metaDescription', { place: placeName, subType: t(`area.subTypes.${subType}`) }),
    jsonLd: [
      breadcrumbs(context, language, [
        { name: fixedT(language)('nav.home'), path: '/' },
        { name: t('project.breadcrumb'), path: '/projects' },
        { name: t('area.title', { place: placeName }), path },
      ]),
    ],
  });
  return { province, district: district ?? null, subType, figures, projects: projects.items, path, seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /market/:province/:district: an area's figures for a sub type, with the projects that have the most listings. */
export default function Market() {
  const { province, district, subType, figures, projects, path } = useLoaderData<typeof loader>();
  const { t } = useTranslation('projects');
  const language = usePageLanguage();
  const localizePlace = useLocalizePlace();
  const place = localizePlace(
    [district, province]
      .filter((part): part is string => !!part)
      .map(placeFromSlug)
      .join(', '),
  );
  const listParams = new URLSearchParams({ province, ...(district ? { district } : {}) });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900">{t('area.title', { place })}</h1>
      <nav aria-label={t('area.subType')} className="mt-6 flex flex-wrap gap-2">
        {MARKET_SUB_TYPES.map((type) => (
          <Link
            key={type}
            to={`${path}${type === 'condo' ? '' : `?sub_type=${type}`}`}
            aria-current={type === subType ? 'page' : undefined}
            preventScrollReset
            className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${
              type === subType
                ? 'border-teal-700 bg-teal-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            {t(`area.subTypes.${type}`)}
          </Link>
        ))}
      </nav>
      <MarketFigures figures={figures} language={language} headingId="area-market" />
      <section aria-labelledby="area-projects" className="mt-12">
        <h2 id="area-projects" className="text-2xl font-bold text-slate-900">
          {t('area.topProjects')}
        </h2>
        <div className="mt-4">
          {projects.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-700">{t('area.noProjects')}</p>
          ) : (
            <ProjectGrid items={projects} language={language} label={t('area.topProjects')} />
          )}
        </div>
        <p className="mt-4">
          <Link
            to={`/projects?${listParams}`}
            className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
          >
            {t('area.allProjects', { place })}
          </Link>
        </p>
      </section>
    </div>
  );
}
