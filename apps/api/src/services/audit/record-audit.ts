import type { AuditAction, AuditTarget } from '@baan/contract';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditActor = { id: number; email: string };

export type AuditRecord = {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number | null;
  details?: Record<string, unknown>;
};

/**
 * Writes one audit entry. Pass the transaction that makes the change, so the entry exists
 * exactly when the change does.
 */
export async function recordAudit(db: Db | Tx, actor: AuditActor, record: AuditRecord, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    details: record.details ?? {},
    createdAt: now,
  });
}
