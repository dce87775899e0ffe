import { AdminAuditQuery } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { listAudit } from '../../services/admin/list-audit.ts';

/** The audit log: who did what, when, to which record. */
const adminAudit: FastifyPluginAsync = async (app) => {
  app.get('/admin/audit', async (request) => {
    const query = parse(AdminAuditQuery, request.query, 'Please correct the search filters.');
    return { success: true, payload: await listAudit(app.db, query) };
  });
};

export default adminAudit;
