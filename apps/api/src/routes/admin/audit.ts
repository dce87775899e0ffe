import { AdminAuditQuery, AuditPageResponse } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { listAudit } from '../../services/admin/list-audit.ts';
import { BAD_FILTERS } from './params.ts';

/** The audit log: who did what, when, to which record. */
const adminAudit: RoutesPlugin = async (app) => {
  app.get(
    '/admin/audit',
    { schema: { querystring: AdminAuditQuery, response: { 200: AuditPageResponse } }, config: BAD_FILTERS },
    async (request) => ok(await listAudit(app.db, request.query)),
  );
};

export default adminAudit;
