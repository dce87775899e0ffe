import {
  AdminProjectFields,
  AdminProjectPageResponse,
  AdminProjectResponse,
  AdminProjectsQuery,
  AdminProjectUpdate,
  DeletedResponse,
  MergeProjectRequest,
  PROJECT_MESSAGES,
  RecordIdParams,
} from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import {
  adminProject,
  approveProject,
  createProject,
  deleteProject,
  listAdminProjects,
  mergeProject,
  updateProject,
} from '../../services/projects/write-projects.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import { actor, BAD_FILTERS } from './params.ts';

const PROJECT_ID = { input: { notFound: PROJECT_MESSAGES.idNotFound } };

/**
 * Projects in the console (ADR 028): list (suggestions waiting for review too), create, edit, approve, delete and
 * merge. Every change drops the listing read cache: listings name their project, and project pages are cached there.
 */
const adminProjects: RoutesPlugin = async (app) => {
  const now = () => app.clock.now();

  app.get(
    '/admin/projects',
    { schema: { querystring: AdminProjectsQuery, response: { 200: AdminProjectPageResponse } }, config: BAD_FILTERS },
    async (request) => ok(await listAdminProjects(app.db, app.storage, request.query)),
  );

  app.post(
    '/admin/projects',
    { schema: { body: AdminProjectFields, response: { 201: AdminProjectResponse } } },
    async (request, reply) => {
      const id = await createProject(app.db, request.body, actor(request), now());
      await invalidateListings(app, 'admin: project created');
      return reply.code(201).send(ok(await adminProject(app.db, app.storage, id), PROJECT_MESSAGES.created));
    },
  );

  app.patch(
    '/admin/projects/:id',
    {
      schema: { params: RecordIdParams, body: AdminProjectUpdate, response: { 200: AdminProjectResponse } },
      config: PROJECT_ID,
    },
    async (request) => {
      await updateProject(app.db, request.params.id, request.body, actor(request), now());
      await invalidateListings(app, 'admin: project updated');
      return ok(await adminProject(app.db, app.storage, request.params.id), PROJECT_MESSAGES.updated);
    },
  );

  app.post(
    '/admin/projects/:id/approve',
    { schema: { params: RecordIdParams, response: { 200: AdminProjectResponse } }, config: PROJECT_ID },
    async (request) => {
      await approveProject(app.db, request.params.id, actor(request), now());
      await invalidateListings(app, 'admin: project approved');
      return ok(await adminProject(app.db, app.storage, request.params.id), PROJECT_MESSAGES.approved);
    },
  );

  app.post(
    '/admin/projects/:id/merge',
    {
      schema: { params: RecordIdParams, body: MergeProjectRequest, response: { 200: AdminProjectResponse } },
      config: PROJECT_ID,
    },
    async (request) => {
      await mergeProject(app.db, request.params.id, request.body.into_id, actor(request), now());
      await invalidateListings(app, 'admin: projects merged');
      return ok(await adminProject(app.db, app.storage, request.body.into_id), PROJECT_MESSAGES.merged);
    },
  );

  app.delete(
    '/admin/projects/:id',
    { schema: { params: RecordIdParams, response: { 200: DeletedResponse } }, config: PROJECT_ID },
    async (request) => {
      await deleteProject(app.db, request.params.id, actor(request), now());
      await invalidateListings(app, 'admin: project deleted');
      return ok({ id: request.params.id }, PROJECT_MESSAGES.deleted);
    },
  );
};

export default adminProjects;
