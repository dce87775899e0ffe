import {
  DEFAULT_MARKET_MONTHS,
  type ListingType,
  localizedPath,
  PROJECT_LIMITS,
  PROJECT_SLUG_PATTERN,
  type Project,
} from '@baan/contract';
import { data, type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from 'react-router';
import { Building2, MapPin, TrainFront } from '../../components/ui/icons';
import { LinkPager } from '../../components/ui/LinkPager';
import { PropertyGrid } from '../../features/listings/components/PropertyGrid';
import { formatNearestStation } from '../../features/listings/lib/facts';
import { ListingAddress, ListingMap } from '../../features/map/components/ListingMap';
import { MarketFigures } from '../../features/projects/components/MarketFigures';
import { ProjectFacilities, ProjectFacts, ProjectPhotos } from '../../features/projects/components/ProjectFacts';
import { otherName, projectName } from '../../features/projects/lib/project-format';
import { projectJsonLd } from '../../features/projects/lib/project-json-ld';
import {
  BEDROOM_CHOICES,
  PROJECT_UNITS_PER_PAGE,
  type UnitFilters,
  unitFilters,
  unitsQuery,
} from '../../features/projects/lib/project-params';
import { fixedT } from '../../i18n/i18n.server';
import { Link, usePageLanguage } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { localizePlace } from '../../lib/places/localize-place';
import { useLocalizePlace } from '../../lib/places/use-localize-place';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['projects', 'listings', 'map'] };

const isProjectSlug = (slug: string | undefined): slug is string =>
  !!slug && slug.length <= PROJECT_LIMITS.slug && PROJECT_SLUG_PATTERN.test(slug);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (!isProjectSlug(slug)) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const url = new URL(request.url);
  const found = await context.pages.getProject(slug);
  if (!found) throw data(null, { status: 404 });
  // Merged into another project: its page lives at the other slug for good.
  if ('redirect' in found) throw redirect(`${localizedPath(language, `/project/${found.redirect}`)}${url.search}`, 301);
  const { project } = found;
  const filters = unitFilters(url.searchParams);
  const [units, market] = await Promise.all([
    context.pages.projectListings(slug, {
      type: filters.type,
      bedrooms: filters.bedrooms,
      page: filters.page,
      per_page: PROJECT_UNITS_PER_PAGE,
    }),
    context.pages.projectMarket(slug, DEFAULT_MARKET_MONTHS),
  ]);
  const t = fixedT(language, 'projects');
  const name = projectName(project, language);
  const placeText = localizePlace([project.district, project.province].filter(Boolean).join(', '), language, (key) =>
    fixedT(language, 'listings')(`places.${key}`),
  );
  const canonicalPath = `${context.publicUrl}${url.pathname}`;
  const items = units?.items ?? [];
  const seo = pageSeo({
    request,
    context,
    title: t('project.metaTitle', { name }),
    description: t('project.metaDescription', { name, place: placeText }),
    image: project.cover_image,
    jsonLd: [
      projectJsonLd({
        project,
        language,
        url: canonicalPath,
        publicUrl: context.publicUrl,
        units: items,
        figures: market,
        unitUrl: (id) => `${context.publicUrl}${localizedPath(language, `/detail/${id}`)}`,
      }),
      breadcrumbs(context, language, [
        { name: fixedT(language)('nav.home'), path: '/' },
        { name: t('project.breadcrumb'), path: '/projects' },
        { name, path: `/project/${project.slug}` },
      ]),
    ],
  });
  return {
    project,
    units: units ?? { items: [], total: 0, page: filters.page, per_page: PROJECT_UNITS_PER_PAGE },
    market,
    filters,
    seo,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /project/:slug: a condo project with its facts, map, stations, figures and units, rendered on the server. */
export default function ProjectPage() {
  const { project, units, market, filters } = useLoaderData<typeof loader>();
  const language = usePageLanguage();
  const { t } = useTranslation(['projects', 'listings']);
  const localizePlace = useLocalizePlace();
  const name = projectName(project, language);
  const other = otherName(project, language);
  const place = [project.district, project.province].filter(Boolean).join(', ');
  const description = project.description[language] ?? project.description.en;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-teal-800 uppercase">
          <Building2 className="size-4" aria-hidden="true" />
          {t('project.kicker')}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{name}</h1>
        {other ? <p className="mt-1 text-lg text-slate-700">{other}</p> : null}
        {place ? (
          <p className="mt-2 flex items-center gap-1 text-slate-700">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {localizePlace(place)}
          </p>
        ) : null}
        {project.aliases.length > 0 ? (
          <p className="mt-1 text-sm text-slate-600">
            {t('project.aliases')}: {project.aliases.join(', ')}
          </p>
        ) : null}
        {project.slug.endsWith('-demo') ? (
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t('project.demo')}</p>
        ) : null}
      </header>
      <ProjectPhotos project={project} name={name} />
      <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <ProjectFacts project={project} />
          <ProjectFacilities facilities={project.facilities} />
          {description ? (
            <section aria-labelledby="project-description" className="mt-8">
              <h2 id="project-description" className="text-xl font-bold text-slate-900">
                {t('project.description')}
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-700">{description}</p>
            </section>
          ) : null}
        </div>
        <div>
          <ProjectLocation project={project} name={name} />
        </div>
      </div>
      {market ? <MarketFigures figures={market} language={language} headingId="project-market" /> : null}
      <ProjectUnits project={project} units={units} filters={filters} />
    </article>
  );
}

function ProjectLocation({ project, name }: { project: Project; name: string }) {
  const { t } = useTranslation('projects');
  const { t: tListings } = useTranslation('listings');
  const localizePlace = useLocalizePlace();
  const language = usePageLanguage();
  return (
    <>
      <section aria-labelledby="project-location">
        <h2 id="project-location" className="mb-3 text-xl font-bold text-slate-900">
          {t('project.location')}
        </h2>
        <ListingMap key={`${project.lat},${project.lon}`} lat={project.lat} lon={project.lon} title={name} />
        <ListingAddress
          address={localizePlace([project.district, project.province].filter(Boolean).join(', ') || name)}
          lat={project.lat}
          lon={project.lon}
        />
      </section>
      <section aria-labelledby="project-stations" className="mt-6">
        <h2 id="project-stations" className="text-xl font-bold text-slate-900">
          {t('project.stations')}
        </h2>
        {project.nearest_stations.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('project.noStations')}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {project.nearest_stations.map((station) => (
              <li key={station.id} className="flex items-center gap-2">
                <TrainFront className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
                <span>
                  {formatNearestStation(station, tListings, language)}
                  <span className="text-slate-600"> · {station.line}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** The project's units: sale or rent, by bedrooms, paged, all as links (works without JavaScript). */
function ProjectUnits({
  project,
  units,
  filters,
}: {
  project: Project;
  units: LoaderData['units'];
  filters: UnitFilters;
}) {
  const { t } = useTranslation('projects');
  const base = `/project/${project.slug}`;
  const pageCount = Math.max(1, Math.ceil(units.total / PROJECT_UNITS_PER_PAGE));
  const chip = (isCurrent: boolean) =>
    `inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${
      isCurrent
        ? 'border-teal-700 bg-teal-700 text-white'
        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
    }`;
  const tabs: { type: ListingType; label: string }[] = [
    { type: 'sale', label: t('project.forSale', { count: project.listings_for_sale }) },
    { type: 'rent', label: t('project.forRent', { count: project.listings_for_rent }) },
  ];
  return (
    <section aria-labelledby="project-units" className="mt-12">
      <h2 id="project-units" className="text-2xl font-bold text-slate-900">
        {t('project.unitsHeading')}
      </h2>
      <nav aria-label={t('project.unitsTabs')} className="mt-4 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.type}
            to={`${base}${unitsQuery({ type: tab.type, bedrooms: filters.bedrooms, page: 1 })}`}
            aria-current={filters.type === tab.type ? 'page' : undefined}
            preventScrollReset
            className={chip(filters.type === tab.type)}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <nav aria-label={t('project.bedroomsFilter')} className="mt-3 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-700">{t('project.bedroomsFilter')}:</span>
        {[undefined, ...BEDROOM_CHOICES].map((bedrooms) => (
          <Link
            key={bedrooms ?? 'any'}
            to={`${base}${unitsQuery({ type: filters.type, bedrooms, page: 1 })}`}
            aria-current={filters.bedrooms === bedrooms ? 'page' : undefined}
            preventScrollReset
            className={chip(filters.bedrooms === bedrooms)}
          >
            {bedrooms === undefined
              ? t('project.anyBedrooms')
              : bedrooms === 0
                ? t('project.studio')
                : t('project.bedroomsN', { count: bedrooms })}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        <PropertyGrid
          items={units.items}
          isLoading={false}
          error={null}
          loadingCount={0}
          label={t('project.unitsList')}
          emptyMessage={t('project.noUnits')}
          eagerCount={0}
        />
      </div>
      <div className="mt-6">
        <LinkPager
          page={filters.page}
          pageCount={pageCount}
          hrefFor={(page) => `${base}${unitsQuery({ ...filters, page })}`}
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (p) => t('pagination.page', { page: p }),
            status: (p, count) => t('pagination.status', { page: p, pageCount: count }),
          }}
        />
      </div>
      <p className="mt-4">
        <Link
          to={`/Quick?project=${project.slug}${filters.type === 'rent' ? '&type=rent' : ''}`}
          className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          {t('project.searchUnits')}
        </Link>
      </p>
    </section>
  );
}
