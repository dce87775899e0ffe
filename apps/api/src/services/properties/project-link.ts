import { PROJECT_MESSAGES } from '@baan/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Whether a listing may be linked to this project: an approved project that was not merged away, or one waiting for
 * review that this user suggested (ADR 028); admins may link any project not merged away. Anything else is the
 * listing form's 400 on `project_id`, before anything is written.
 */
export async function assertLinkableProject(
  tx: Db | Tx,
  projectId: number,
  editor: { id: number; role: string },
): Promise<void> {
  const [project] = await tx
    .select({ review: projects.review, suggestedBy: projects.suggestedBy })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.mergedIntoId)));
  const allowed =
    project && (project.review === 'approved' || editor.role === 'admin' || project.suggestedBy === editor.id);
  if (!allowed) throw badRequest(PROJECT_MESSAGES.badProjectId, { project_id: [PROJECT_MESSAGES.badProjectId] });
}
