import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { FavoritesPage } from '../../features/favorites/components/FavoritesPage';
import { PropertyCard } from '../../features/listings/components/PropertyCard';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['listings', 'saved', 'units'] };

/** The page's title in its language; never indexed (each visitor's own list, filled in the browser). */
export function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'saved');
  const seo = pageSeo({
    request,
    context,
    title: t('favorites.title'),
    description: t('favorites.metaDescription'),
    robots: 'noindex, nofollow',
  });
  return { seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /favorites: the hearted listings as cards (favorites feature, with the listings feature's card). */
export default function Favorites() {
  return <FavoritesPage renderCard={(property) => <PropertyCard property={property} />} />;
}
