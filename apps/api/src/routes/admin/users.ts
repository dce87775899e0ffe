import { ADMIN_MESSAGES, AdminUsersQuery } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { getAdminUser, getAdminUserDetail, listAdminUsers, setUserDisabled } from '../../services/admin/admin-users.ts';
import { actor, recordId } from './params.ts';

const ACTIONS = { disable: true, enable: false } as const;

/** Users in the console: search, detail with listings, disable / enable. */
const adminUsers: FastifyPluginAsync = async (app) => {
  app.get('/admin/users', async (request) => {
    const query = parse(AdminUsersQuery, request.query, 'Please correct the search filters.');
    return { success: true, payload: await listAdminUsers(app.db, query, app.clock.now()) };
  });

  app.get<{ Params: { id: string } }>('/admin/users/:id', async (request) => {
    const id = recordId(request.params.id, ADMIN_MESSAGES.userNotFound);
    return { success: true, payload: await getAdminUserDetail(app.db, id, app.clock.now()) };
  });

  app.post<{ Params: { id: string; action: string } }>('/admin/users/:id/:action', async (request) => {
    const { action } = request.params;
    if (action !== 'disable' && action !== 'enable') throw notFound('Not found.');
    const id = recordId(request.params.id, ADMIN_MESSAGES.userNotFound);
    const now = app.clock.now();
    await setUserDisabled(app.db, id, ACTIONS[action], actor(request), now);
    // Their listings leave (or rejoin) every public read.
    app.listingCache.clear();
    request.log.info({ userId: id, action }, 'user account changed by an admin');
    return {
      success: true,
      message: action === 'disable' ? ADMIN_MESSAGES.disabled : ADMIN_MESSAGES.enabled,
      payload: await getAdminUser(app.db, id, now),
    };
  });
};

export default adminUsers;
