import {
  ADMIN_MESSAGES,
  AdminUserActionParams,
  AdminUserDetailResponse,
  AdminUserPageResponse,
  AdminUserResponse,
  AdminUsersQuery,
  RecordIdParams,
} from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { getAdminUser, getAdminUserDetail, listAdminUsers, setUserDisabled } from '../../services/admin/admin-users.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import { actor, BAD_FILTERS } from './params.ts';

const ACTIONS = { disable: true, enable: false } as const;

/** Users in the console: search, detail with listings, disable / enable. */
const adminUsers: RoutesPlugin = async (app) => {
  app.get(
    '/admin/users',
    { schema: { querystring: AdminUsersQuery, response: { 200: AdminUserPageResponse } }, config: BAD_FILTERS },
    async (request) => ok(await listAdminUsers(app.db, request.query, app.clock.now())),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: { params: RecordIdParams, response: { 200: AdminUserDetailResponse } },
      config: { input: { notFound: ADMIN_MESSAGES.userNotFound } },
    },
    async (request) => ok(await getAdminUserDetail(app.db, request.params.id, app.clock.now())),
  );

  app.post(
    '/admin/users/:id/:action',
    {
      schema: { params: AdminUserActionParams, response: { 200: AdminUserResponse } },
      // An unknown action is no address at all; a bad id names no user.
      config: { input: { notFound: (errors) => (errors.action ? 'Not found.' : ADMIN_MESSAGES.userNotFound) } },
    },
    async (request) => {
      const { id, action } = request.params;
      const now = app.clock.now();
      await setUserDisabled(app.db, id, ACTIONS[action], actor(request), now);
      // Their listings leave (or rejoin) every public read.
      await invalidateListings(app, `owner ${action}d by an admin`);
      request.log.info({ userId: id, action }, 'user account changed by an admin');
      const message = action === 'disable' ? ADMIN_MESSAGES.disabled : ADMIN_MESSAGES.enabled;
      return ok(await getAdminUser(app.db, id, now), message);
    },
  );
};

export default adminUsers;
