import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../services/audit/record-audit.ts';

/** The admin making the request, as the audit log names them. */
export function actor(request: FastifyRequest): AuditActor {
  if (!request.user) throw new Error('admin route used without app.requireAdmin');
  return { id: request.user.id, email: request.user.email };
}

/** Search filters that fail their schema: the admin lists' one message. */
export const BAD_FILTERS = { input: { message: 'Please correct the search filters.' } };
