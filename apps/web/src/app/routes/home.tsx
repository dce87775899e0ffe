import type { HomeSettings } from '@baan/contract';
import { lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { HomeSearch } from '../../features/listings/components/HomeSearch';
import { HomeSections } from '../../features/listings/components/home/HomeSections';
import { loadHomeData } from '../../features/listings/lib/home-data';
import { loadNamespaces } from '../../i18n';
import { fixedT } from '../../i18n/i18n.server';
import { useTranslation } from '../../i18n/use-translation';
import { useRecentlyViewed } from '../../session/recently-viewed';
import { SITE_NAME, seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';
import { SUPPORT_EMAIL } from '../shell/Footer';
import { CUSTOMER_CARE_PHONE } from '../shell/Header';

export const handle = { i18n: ['listings', 'units'] };

/** Everything the sections show (type counts, the newest listings, the places' counts), so they render on the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = requestLanguage(request);
  const t = fixedT(language);
  const [home, heroTitle] = await Promise.all([
    loadHomeData(context.pages),
    // The admin's headline for this language (the console's Settings); without one, the translated default. A failed
    // read is no reason to fail the page.
    context.pages.homeSettings().then(
      (settings: HomeSettings | null) => settings?.hero_title?.[language] ?? t('home.hero.title'),
      (error: unknown) => {
        context.logError(error, 'Home settings could not be read');
        return t('home.hero.title');
      },
    ),
  ]);
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${context.publicUrl}/`,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: CUSTOMER_CARE_PHONE,
      email: SUPPORT_EMAIL,
      availableLanguage: ['en', 'th'],
    },
  };
  const seo = pageSeo({
    request,
    context,
    title: t('meta.title'),
    description: t('meta.description'),
    jsonLd: [organization],
  });
  // The site's own title names it already ("Baan — …"): no " | Baan" after it.
  return { home, heroTitle, seo: { ...seo, title: t('meta.title') } };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Home: the full-screen banner with the search, then the spec's eight sections. */
export default function Home() {
  const { t } = useTranslation();
  const { home, heroTitle } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero title={heroTitle} description={t('home.hero.description')}>
        <HomeSearch />
      </Hero>
      <RecentStrip />
      <HomeSections data={home} />
    </>
  );
}

// The strip and its wording load only for a browser that has viewed listings: most first visits never need them.
const RecentlyViewed = lazy(async () => {
  const [{ RecentlyViewed }] = await Promise.all([
    import('../../features/tools/components/RecentlyViewed'),
    loadNamespaces(['tools']),
  ]);
  return { default: RecentlyViewed };
});

/** "Recently viewed", in the browser only (the list is in localStorage): the server's home page is everyone's. */
function RecentStrip() {
  const hasViewed = useRecentlyViewed().length > 0;
  if (!hasViewed) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewed className="pt-10" />
    </Suspense>
  );
}
