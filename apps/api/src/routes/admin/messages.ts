import { AdminMessagesPageResponse, AdminMessagesQuery } from '@baan/contract';
import { toCsv } from '../../lib/csv.ts';
import { ok } from '../../lib/envelope.ts';
import { mediaResponse, type RoutesPlugin } from '../../lib/route-schemas.ts';
import { listMessages, messagesTable } from '../../services/admin/admin-messages.ts';
import { recordAudit } from '../../services/audit/record-audit.ts';
import { actor, BAD_FILTERS } from './params.ts';

/** Contact messages, inquiries and newsletter subscribers in the console, and their CSV export. */
const adminMessages: RoutesPlugin = async (app) => {
  app.get(
    '/admin/messages',
    { schema: { querystring: AdminMessagesQuery, response: { 200: AdminMessagesPageResponse } }, config: BAD_FILTERS },
    async (request) => ok(await listMessages(app.db, request.query)),
  );

  app.get(
    '/admin/messages.csv',
    {
      schema: {
        querystring: AdminMessagesQuery,
        response: { 200: mediaResponse('text/csv', 'The messages of the kind asked for, as a CSV file (UTF-8).') },
      },
      config: BAD_FILTERS,
    },
    async (request, reply) => {
      const { kind, q } = request.query;
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
    },
  );
};

export default adminMessages;
