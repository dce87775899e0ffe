import type { AdminAuditQuery, AuditAction, AuditPage, AuditTarget } from '@baan/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { pageWindow } from './search.ts';

/** GET /api/admin/audit: newest first, optionally one action. */
export async function listAudit(db: Db, query: AdminAuditQuery): Promise<AuditPage> {
  const where = query.action ? eq(auditLog.action, query.action) : undefined;
  const window = pageWindow(query.page, query.per_page);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      action: r.action as AuditAction,
      target_type: r.targetType as AuditTarget,
      target_id: r.targetId,
      details: r.details,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
