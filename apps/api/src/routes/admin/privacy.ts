import { AdminPrivacyRequestPageResponse, AdminPrivacyRequestsQuery } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { listPrivacyRequests } from '../../services/admin/list-privacy-requests.ts';
import { BAD_FILTERS } from './params.ts';

/** The people's PDPA requests (exports, deletions) for the console (ADR 023). */
const adminPrivacy: RoutesPlugin = async (app) => {
  app.get(
    '/admin/privacy-requests',
    {
      schema: { querystring: AdminPrivacyRequestsQuery, response: { 200: AdminPrivacyRequestPageResponse } },
      config: BAD_FILTERS,
    },
    async (request) => ok(await listPrivacyRequests(app.db, request.query, app.clock.now())),
  );
};

export default adminPrivacy;
