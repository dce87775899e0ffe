import { ADMIN_MESSAGES, CreatePackageRequest, UpdatePackageRequest } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { createPackage, listAdminPackages, retirePackage, updatePackage } from '../../services/admin/admin-packages.ts';
import { actor, recordId } from './params.ts';

/** Packages in the console: every package (retired too), create, edit, retire. */
const adminPackages: FastifyPluginAsync = async (app) => {
  app.get('/admin/packages', async () => ({
    success: true,
    payload: await listAdminPackages(app.db, app.clock.now()),
  }));

  app.post('/admin/packages', async (request, reply) => {
    const input = parse(CreatePackageRequest, request.body);
    const pkg = await createPackage(app.db, input, actor(request), app.clock.now());
    request.log.info({ packageId: pkg.id }, 'package created');
    return reply.code(201).send({ success: true, message: ADMIN_MESSAGES.packageCreated, payload: pkg });
  });

  app.patch<{ Params: { id: string } }>('/admin/packages/:id', async (request) => {
    const id = recordId(request.params.id, ADMIN_MESSAGES.packageNotFound);
    const input = parse(UpdatePackageRequest, request.body);
    const pkg = await updatePackage(app.db, id, input, actor(request), app.clock.now());
    request.log.info({ packageId: id }, 'package updated');
    return { success: true, message: ADMIN_MESSAGES.packageUpdated, payload: pkg };
  });

  app.delete<{ Params: { id: string } }>('/admin/packages/:id', async (request) => {
    const id = recordId(request.params.id, ADMIN_MESSAGES.packageNotFound);
    const pkg = await retirePackage(app.db, id, actor(request), app.clock.now());
    request.log.info({ packageId: id }, 'package retired');
    return { success: true, message: ADMIN_MESSAGES.packageRetiredOk, payload: pkg };
  });
};

export default adminPackages;
