import { AdminMessagesQuery } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { toCsv } from '../../lib/csv.ts';
import { parse } from '../../lib/validate.ts';
import { listMessages, messagesTable } from '../../services/admin/admin-messages.ts';
import { recordAudit } from '../../services/audit/record-audit.ts';
import { actor } from './params.ts';

/** Contact messages, inquiries and newsletter subscribers in the console, and their CSV export. */
const adminMessages: FastifyPluginAsync = async (app) => {
  app.get('/admin/messages', async (request) => {
    const query = parse(AdminMessagesQuery, request.query, 'Please correct the search filters.');
    return { success: true, payload: await listMessages(app.db, query) };
  });

  app.get('/admin/messages.csv', async (request, reply) => {
    const { kind, q } = parse(AdminMessagesQuery, request.query, 'Please correct the search filters.');
    const now = app.clock.now();
    const table = await messagesTable(app.db, kind, q);
    await recordAudit(
      app.db,
      actor(request),
      {
        action: 'messages.export',
        targetType: 'messages',
        targetId: null,
        details: { kind, rows: table.rows.length, ...(q ? { q } : {}) },
      },
      now,
    );
    const filename = `baan-${kind}-${now.toISOString().slice(0, 10)}.csv`;
    return reply
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'private, no-store')
      .type('text/csv; charset=utf-8')
      .send(toCsv(table.header, table.rows));
  });
};

export default adminMessages;
