import {
  AdminProjectResponse,
  AreaMarketQuery,
  MarketFiguresResponse,
  MarketQuery,
  PROJECT_MESSAGES,
  PriceHistoryResponse,
  ProjectListingsQuery,
  ProjectListQuery,
  ProjectPageResponse,
  ProjectResponse,
  ProjectSlugParams,
  PropertyIdParams,
  PropertyPageResponse,
  SuggestProjectRequest,
} from '@baan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { adminProject, suggestProject } from '../../services/projects/write-projects.ts';
import {
  cachedAreaMarket,
  cachedPriceHistory,
  cachedProject,
  cachedProjectListings,
  cachedProjectMarket,
  cachedProjects,
} from '../../services/reads/listing-reads.ts';

const SEARCH_MESSAGE = 'Please correct the search filters.';
const LISTING_NOT_FOUND = 'This listing does not exist or is no longer available.';

/** A merged-away slug: the same address under the project it was merged into (301), query kept. */
function redirectToSlug(request: FastifyRequest, reply: FastifyReply, from: string, to: string) {
  const [path = '', query] = request.url.split('?');
  const moved = path.replace(`/projects/${from}`, `/projects/${to}`);
  return reply.redirect(query ? `${moved}?${query}` : moved, 301);
}

/**
 * Projects and market figures (docs/api.md "Projects (condo buildings and developments) and market figures";
 * ADR 028): public reads through the listing read cache, and the signed-in suggestion of a missing building.
 */
const projectRoutes: RoutesPlugin = async (app) => {
  const now = () => app.clock.now();

  app.get(
    '/projects',
    {
      schema: { querystring: ProjectListQuery, response: { 200: ProjectPageResponse } },
      config: { input: { message: SEARCH_MESSAGE } },
    },
    async (request) => ok(await cachedProjects(app, request.query)),
  );

  app.post(
    '/projects/suggest',
    {
      preHandler: app.authenticate,
      schema: { body: SuggestProjectRequest, response: { 201: AdminProjectResponse } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const id = await suggestProject(app.db, user.id, request.body, now());
      request.log.info({ projectId: id }, 'project suggested');
      return reply.code(201).send(ok(await adminProject(app.db, app.storage, id), PROJECT_MESSAGES.suggested));
    },
  );

  app.get(
    '/projects/:slug',
    {
      schema: { params: ProjectSlugParams, response: { 200: ProjectResponse } },
      config: { input: { notFound: PROJECT_MESSAGES.notFound } },
    },
    async (request, reply) => {
      const found = await cachedProject(app, request.params.slug);
      if (!found) throw notFound(PROJECT_MESSAGES.notFound);
      if ('redirect' in found) return redirectToSlug(request, reply, request.params.slug, found.redirect);
      return ok(found.project);
    },
  );

  app.get(
    '/projects/:slug/listings',
    {
      schema: { params: ProjectSlugParams, querystring: ProjectListingsQuery, response: { 200: PropertyPageResponse } },
      config: { input: { notFound: PROJECT_MESSAGES.notFound, message: SEARCH_MESSAGE } },
    },
    async (request, reply) => {
      const found = await cachedProject(app, request.params.slug);
      if (!found) throw notFound(PROJECT_MESSAGES.notFound);
      if ('redirect' in found) return redirectToSlug(request, reply, request.params.slug, found.redirect);
      const page = await cachedProjectListings(app, request.params.slug, request.query);
      if (!page) throw notFound(PROJECT_MESSAGES.notFound);
      return ok(page);
    },
  );

  app.get(
    '/projects/:slug/market',
    {
      schema: { params: ProjectSlugParams, querystring: MarketQuery, response: { 200: MarketFiguresResponse } },
      config: { input: { notFound: PROJECT_MESSAGES.notFound, message: SEARCH_MESSAGE } },
    },
    async (request, reply) => {
      const found = await cachedProject(app, request.params.slug);
      if (!found) throw notFound(PROJECT_MESSAGES.notFound);
      if ('redirect' in found) return redirectToSlug(request, reply, request.params.slug, found.redirect);
      const figures = await cachedProjectMarket(app, request.params.slug, request.query.months, now);
      if (!figures) throw notFound(PROJECT_MESSAGES.notFound);
      return ok(figures);
    },
  );

  app.get(
    '/market',
    {
      schema: { querystring: AreaMarketQuery, response: { 200: MarketFiguresResponse } },
      config: { input: { message: SEARCH_MESSAGE } },
    },
    async (request) => {
      const figures = await cachedAreaMarket(app, request.query, now);
      if (!figures) throw notFound(PROJECT_MESSAGES.areaNotFound);
      return ok(figures);
    },
  );

  app.get(
    '/property/:id/price-history',
    {
      schema: { params: PropertyIdParams, response: { 200: PriceHistoryResponse } },
      config: { input: { notFound: LISTING_NOT_FOUND } },
    },
    async (request) => {
      const history = await cachedPriceHistory(app, request.params.id);
      if (!history) throw notFound(LISTING_NOT_FOUND);
      return ok(history);
    },
  );
};

export default projectRoutes;
