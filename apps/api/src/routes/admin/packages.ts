import {
  ADMIN_MESSAGES,
  AdminPackageResponse,
  AdminPackagesResponse,
  CreatePackageRequest,
  RecordIdParams,
  UpdatePackageRequest,
} from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { createPackage, listAdminPackages, retirePackage, updatePackage } from '../../services/admin/admin-packages.ts';
import { actor } from './params.ts';

/** An id that is not a positive whole number names no package. */
const PACKAGE_ID = { input: { notFound: ADMIN_MESSAGES.packageNotFound } };

/** Packages in the console: every package (retired too), create, edit, retire. */
const adminPackages: RoutesPlugin = async (app) => {
  app.get('/admin/packages', { schema: { response: { 200: AdminPackagesResponse } } }, async () =>
    ok(await listAdminPackages(app.db, app.clock.now())),
  );

  app.post(
    '/admin/packages',
    { schema: { body: CreatePackageRequest, response: { 201: AdminPackageResponse } } },
    async (request, reply) => {
      const pkg = await createPackage(app.db, request.body, actor(request), app.clock.now());
      request.log.info({ packageId: pkg.id }, 'package created');
      return reply.code(201).send(ok(pkg, ADMIN_MESSAGES.packageCreated));
    },
  );

  app.patch(
    '/admin/packages/:id',
    {
      schema: { params: RecordIdParams, body: UpdatePackageRequest, response: { 200: AdminPackageResponse } },
      config: PACKAGE_ID,
    },
    async (request) => {
      const { id } = request.params;
      const pkg = await updatePackage(app.db, id, request.body, actor(request), app.clock.now());
      request.log.info({ packageId: id }, 'package updated');
      return ok(pkg, ADMIN_MESSAGES.packageUpdated);
    },
  );

  app.delete(
    '/admin/packages/:id',
    { schema: { params: RecordIdParams, response: { 200: AdminPackageResponse } }, config: PACKAGE_ID },
    async (request) => {
      const { id } = request.params;
      const pkg = await retirePackage(app.db, id, actor(request), app.clock.now());
      request.log.info({ packageId: id }, 'package retired');
      return ok(pkg, ADMIN_MESSAGES.packageRetiredOk);
    },
  );
};

export default adminPackages;
