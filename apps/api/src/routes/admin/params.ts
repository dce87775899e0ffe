import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../../services/audit/record-audit.ts';

/** A record id from the path: anything but a positive whole number names no record (404). */
export function recordId(raw: string, message: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(message);
  return id;
}

/** The admin making the request, as the audit log names them. */
export function actor(request: FastifyRequest): AuditActor {
  if (!request.user) throw new Error('admin route used without app.requireAdmin');
  return { id: request.user.id, email: request.user.email };
}
