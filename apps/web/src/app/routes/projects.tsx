import { PROJECT_DEFAULT_PER_PAGE, PROJECT_SORTS } from '@baan/contract';
import { Form, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Search } from '../../components/ui/icons';
import { LinkPager } from '../../components/ui/LinkPager';
import { ProjectGrid } from '../../features/projects/components/ProjectCard';
import { projectListFilters, projectListQuery } from '../../features/projects/lib/project-params';
import { fixedT } from '../../i18n/i18n.server';
import { localizeTo, usePageLanguage } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['projects'] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { filters, refused } = projectListFilters(url.searchParams);
  const page = await context.pages.listProjects({ ...filters, per_page: PROJECT_DEFAULT_PER_PAGE });
  const language = requestLanguage(request);
  const t = fixedT(language, 'projects');
  const seo = pageSeo({
    request,
    context,
    title: t('list.title'),
    description: t('list.metaDescription'),
    ...(refused.length > 0 || filters.q ? { robots: 'noindex, follow' } : {}),
    jsonLd: [
      breadcrumbs(context, language, [
        { name: fixedT(language)('nav.home'), path: '/' },
        { name: t('list.title'), path: '/projects' },
      ]),
    ],
  });
  return { page, filters, refused, seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /projects: every approved project, searched by name, district or station and sorted; a GET form and links. */
export default function Projects() {
  const { page, filters, refused } = useLoaderData<typeof loader>();
  const { t } = useTranslation('projects');
  const language = usePageLanguage();
  const pageCount = Math.max(1, Math.ceil(page.total / page.per_page));
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('list.title')}</h1>
      <Form
        method="get"
        action={localizeTo(language, '/projects') as string}
        role="search"
        aria-label={t('list.searchLabel')}
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('list.search')}
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={100}
            placeholder={t('list.searchPlaceholder')}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-base"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('list.district')}
          <input
            type="text"
            name="district"
            defaultValue={filters.district ?? ''}
            maxLength={80}
            placeholder={t('list.districtPlaceholder')}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-base"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('list.sort')}
          <select
            name="sort"
            defaultValue={filters.sort}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {PROJECT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`list.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        {filters.province ? <input type="hidden" name="province" value={filters.province} /> : null}
        {filters.station ? <input type="hidden" name="station" value={filters.station} /> : null}
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 font-semibold text-white hover:bg-teal-800"
        >
          <Search className="size-4" aria-hidden="true" />
          {t('list.submit')}
        </button>
      </Form>
      {refused.length > 0 ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {t('list.badInput', { fields: refused.map((key) => t(`list.fields.${key}`)).join(', ') })}
        </p>
      ) : null}
      <p className="mt-6 text-sm text-slate-700" role="status">
        {t('list.results', { count: page.total })}
      </p>
      <div className="mt-3">
        {page.items.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-700">{t('list.empty')}</p>
        ) : (
          <ProjectGrid items={page.items} language={language} label={t('list.listLabel')} />
        )}
      </div>
      <div className="mt-8">
        <LinkPager
          page={filters.page}
          pageCount={pageCount}
          hrefFor={(p) => `/projects${projectListQuery({ ...filters, page: p })}`}
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (p) => t('pagination.page', { page: p }),
            status: (p, count) => t('pagination.status', { page: p, pageCount: count }),
          }}
        />
      </div>
    </div>
  );
}
