import { GUIDE_SLUGS, type GuideSlug, isGuideSlug } from '@baan/contract';
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { ArrowRight, BookOpen } from '../../components/ui/icons';
import { fixedT } from '../../i18n/i18n.server';
import { Link } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['guides'] };

/** How many paragraphs each guide has (`guides:<slug>.p1`…), and the search its closing link opens. */
const GUIDES: Record<GuideSlug, { paragraphs: number; search: string }> = {
  'title-deeds': { paragraphs: 5, search: '/Quick?title_deed=chanote' },
  'foreign-buyers': { paragraphs: 5, search: '/Quick?sub_type=condo&foreign_quota=1' },
  'land-units': { paragraphs: 4, search: '/Quick?sub_type=land' },
};

/** A guide by its slug; any other slug is the not-found screen with a 404. Title and summary are the home card's. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (!isGuideSlug(slug)) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const t = fixedT(language, 'listings');
  const title = t(`home.guides.${slug}.title`);
  const seo = pageSeo({
    request,
    context,
    title,
    description: t(`home.guides.${slug}.summary`),
    ogType: 'article',
    jsonLd: [
      breadcrumbs(context, language, [
        { name: fixedT(language)('nav.home'), path: '/' },
        { name: title, path: `/guides/${slug}` },
      ]),
    ],
  });
  return { slug, seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /guides/:slug: one buyer's guide, rendered on the server in the URL's language, with the search it leads to. */
export default function Guide() {
  const { slug } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['guides', 'listings']);
  const { paragraphs, search } = GUIDES[slug];
  const others = GUIDE_SLUGS.filter((other) => other !== slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-teal-800 uppercase">
        <BookOpen className="size-4" aria-hidden="true" />
        {t(`listings:home.guides.${slug}.category`)}
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {t(`listings:home.guides.${slug}.title`)}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t(`listings:home.guides.${slug}.summary`)}</p>
      <div className="mt-8 space-y-5 text-base leading-relaxed text-slate-700">
        {Array.from({ length: paragraphs }, (_, i) => `p${i + 1}`).map((key) => (
          <p key={key}>{t(`guides:${slug}.${key}`)}</p>
        ))}
      </div>
      <p className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-950">{t('guides:disclaimer')}</p>
      <Link
        to={search}
        className="mt-8 inline-flex items-center gap-2 rounded-lg bg-teal-700 px-5 py-3 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {t(`guides:${slug}.search`)}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
      <nav aria-labelledby="other-guides" className="mt-12 border-t border-slate-200 pt-8">
        <h2 id="other-guides" className="text-lg font-semibold text-slate-900">
          {t('guides:more')}
        </h2>
        <ul className="mt-3 space-y-2">
          {others.map((other) => (
            <li key={other}>
              <Link to={`/guides/${other}`} className="text-teal-800 underline-offset-2 hover:underline">
                {t(`listings:home.guides.${other}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
