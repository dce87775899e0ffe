import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import {
  FIRST,
  firstListings,
  ListingCollection,
  type Sources,
} from '../../features/listings/components/ListingCollection';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings', 'units'] };

/** Featured listings first, then everything else (newest first). */
const SOURCES: Sources = [{ featured: '1' }, { featured: '0' }];

/** The first 8 (featured, then the others) and both totals. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pages = await Promise.all(
    SOURCES.map((source) => context.pages.searchProperties({ ...source, page: 1, per_page: FIRST })),
  );
  return { first: firstListings(pages), seo: listPageSeo(request, context, 'recommend') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Recommended: featured listings first (then everything else, newest first); the first 8, then the rest. */
export default function Recommend() {
  const { t } = useTranslation('listings');
  const { first } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero title={t('recommend.title')} description={t('recommend.heroDescription')} size="band" />
      <ListingCollection heading={t('recommend.heading')} sources={SOURCES} first={first} />
    </>
  );
}
