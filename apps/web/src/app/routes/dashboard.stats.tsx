import { useParams } from 'react-router';
import { NotFound } from '../../components/ui/NotFound';
import { useGetUserPropertiesQuery } from '../../features/my-properties/api/my-properties-api';
import { ListingStatsPage } from '../../features/stats/components/ListingStatsPage';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments', 'stats'] };

/**
 * /dashboard/properties/:id/stats: one listing's statistics (stats feature), headed by its title from the owner's
 * list (my-properties feature, usually cached from the list the owner came from).
 */
export default function ListingStatistics() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  const { data } = useGetUserPropertiesQuery();
  if (!Number.isSafeInteger(id) || id < 1) return <NotFound />;
  return <ListingStatsPage id={id} title={data?.find((listing) => listing.id === id)?.title} />;
}
