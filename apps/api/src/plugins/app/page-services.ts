import { MAX_COMPARE, type PageServices } from '@baan/contract';
import type { FastifyInstance } from 'fastify';
import { getAgencyProfile } from '../../services/agencies/agency-views.ts';
import { agentListings, getAgentProfile } from '../../services/agents/agent-profiles.ts';
import { listPackages } from '../../services/packages/package-tiers.ts';
import {
  cachedAreaMarket,
  cachedCompareProperties,
  cachedDetailPage,
  cachedHomeListings,
  cachedHomeSettings,
  cachedListingNoLongerAvailable,
  cachedPriceHistory,
  cachedProject,
  cachedProjectListings,
  cachedProjectMarket,
  cachedProjects,
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
    propertyPage: (id) => cachedDetailPage(app, id),
    homeListings: (query) => cachedHomeListings(app, query),
    propertyTypeCounts: () => cachedTypeCounts(app),
    listPackages: () => listPackages(app.db),
    similarProperties: async (id) => (await cachedSimilarProperties(app, id)) ?? [],
    isNoLongerAvailable: (id) => cachedListingNoLongerAvailable(app, id),
    homeSettings: () => cachedHomeSettings(app),
    compareProperties: (ids) => cachedCompareProperties(app, [...new Set(ids)].slice(0, MAX_COMPARE)),
    viewToken: (id) => issueViewToken(app.statsKeys.viewToken, id, app.clock.now()),
    listProjects: (query) => cachedProjects(app, query),
    getProject: (slug) => cachedProject(app, slug),
    projectListings: async (slug, query) => {
      const found = await cachedProject(app, slug);
      return found && 'project' in found ? cachedProjectListings(app, slug, query) : null;
    },
    projectMarket: async (slug, months) => {
      const found = await cachedProject(app, slug);
      return found && 'project' in found ? cachedProjectMarket(app, slug, months, () => app.clock.now()) : null;
    },
    areaMarket: (query) => cachedAreaMarket(app, query, () => app.clock.now()),
    priceHistory: (id) => cachedPriceHistory(app, id),
    // Uncached, as GET /api/agents/{slug} (ADR 029): the figures move with the lead inbox.
    getAgent: (slug) => app.listingCache.read((db) => getAgentProfile(db, app.storage, slug, app.clock.now())),
    agentListings: (slug, query) => app.listingCache.read((db) => agentListings(db, app.storage, slug, query)),
    getAgency: (slug) => app.listingCache.read((db) => getAgencyProfile(db, app.storage, slug)),
  };
}
