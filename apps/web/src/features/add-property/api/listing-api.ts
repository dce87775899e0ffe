import type { FeaturedQuota, OwnProperty } from '@baan/contract';
import { api } from '../../../lib/api';

/**
 * What the wizard reads: the owner's listings (GET /api/user/properties has every status, so the one being edited is
 * there) and how many listings the owner may still feature (GET /api/user/featured-quota). The tags are shared by
 * name with the dashboard's list, so a saved edit refreshes it.
 */
export const wizardApi = api.enhanceEndpoints({ addTagTypes: ['OwnProperty', 'FeaturedQuota'] }).injectEndpoints({
  endpoints: (build) => ({
    getListingsToEdit: build.query<OwnProperty[], void>({
      query: () => '/user/properties',
      providesTags: ['OwnProperty'],
    }),
    getFeaturedQuota: build.query<FeaturedQuota, void>({
      query: () => '/user/featured-quota',
      providesTags: ['FeaturedQuota'],
    }),
  }),
});

export const { useGetListingsToEditQuery, useGetFeaturedQuotaQuery } = wizardApi;

/** After a listing is added or saved: the owner's lists and the featured count are read again when next shown. */
export const listingsChanged = () => wizardApi.util.invalidateTags(['OwnProperty', 'FeaturedQuota']);
