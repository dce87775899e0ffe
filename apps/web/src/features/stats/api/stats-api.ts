import type { ListingStats, OwnerStats } from '@baan/contract';
import { api } from '../../../lib/api';
import type { StatsPeriod } from '../lib/period';

/**
 * The owner's statistics (docs/api.md "Owners"): one listing's days, and every listing of the caller together for
 * the dashboard overview. Figures change while the page is open; each visit to a screen asks again.
 */
export const statsApi = api.enhanceEndpoints({ addTagTypes: ['ListingStats', 'OwnerStats'] }).injectEndpoints({
  endpoints: (build) => ({
    getListingStats: build.query<ListingStats, { id: number; days: StatsPeriod }>({
      query: ({ id, days }) => `/user/properties/${id}/stats?days=${days}`,
      providesTags: (_result, _error, { id }) => [{ type: 'ListingStats', id }],
      keepUnusedDataFor: 30,
    }),
    getOwnerStats: build.query<OwnerStats, StatsPeriod>({
      query: (days) => `/user/stats?days=${days}`,
      providesTags: ['OwnerStats'],
      keepUnusedDataFor: 30,
    }),
  }),
});

/**
 * Whether an answer has the statistics' shape (totals and days; the overview's listings too). A proxy's or an old
 * server's different answer then shows the error state with "try again" instead of breaking the dashboard.
 */
export function hasStatsShape(data: unknown, withListings = false): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const stats = data as Partial<OwnerStats>;
  return (
    typeof stats.totals === 'object' &&
    stats.totals !== null &&
    Array.isArray(stats.days) &&
    (!withListings || Array.isArray(stats.listings))
  );
}

export const { useGetListingStatsQuery, useGetOwnerStatsQuery } = statsApi;
