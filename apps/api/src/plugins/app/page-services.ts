import { MAX_COMPARE, type PageServices } from '@baan/contract';
import type { FastifyInstance } from 'fastify';
import { listPackages } from '../../services/packages/package-tiers.ts';
import {
  cachedCompareProperties,
  cachedHomeSettings,
  cachedListingNoLongerAvailable,
  cachedProperty,
  cachedPropertyPage,
  cachedSimilarProperties,
  cachedTypeCounts,
} from '../../services/reads/listing-reads.ts';
import { issueViewToken } from '../../services/stats/view-token.ts';

/**
 * What the server-rendered pages read (packages/contract/src/pages.ts): the same service functions and read cache
 * as the /api routes, called in-process.
 */
export function pageServices(app: FastifyInstance): PageServices {
  return {
    searchProperties: (query) => cachedPropertyPage(app, query),
    getProperty: (id) => cachedProperty(app, id),
    propertyTypeCounts: () => cachedTypeCounts(app),
    listPackages: () => listPackages(app.db),
    similarProperties: async (id) => (await cachedSimilarProperties(app, id)) ?? [],
    isNoLongerAvailable: (id) => cachedListingNoLongerAvailable(app, id),
    homeSettings: () => cachedHomeSettings(app),
    compareProperties: (ids) => cachedCompareProperties(app, [...new Set(ids)].slice(0, MAX_COMPARE)),
    viewToken: (id) => issueViewToken(app.statsKeys.viewToken, id, app.clock.now()),
  };
}
