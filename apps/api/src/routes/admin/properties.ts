import {
  ADMIN_MESSAGES,
  AdminPropertiesQuery,
  type AdminPropertyAction,
  AdminPropertyActionParams,
  AdminPropertyPageResponse,
  AdminPropertyResponse,
  DeletedResponse,
  RecordIdParams,
} from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { getAdminProperty, listAdminProperties, moderateProperty } from '../../services/admin/admin-properties.ts';
import { deleteProperty } from '../../services/properties/delete-property.ts';
import { invalidateListings } from '../../services/properties/listing-reads.ts';
import { actor, BAD_FILTERS } from './params.ts';

const MESSAGE: Record<AdminPropertyAction, string> = {
  hide: ADMIN_MESSAGES.hidden,
  show: ADMIN_MESSAGES.shown,
  feature: ADMIN_MESSAGES.featured,
  unfeature: ADMIN_MESSAGES.unfeatured,
};

/** Listings in the console: search every status, hide / show, feature / unfeature, delete. */
const adminProperties: RoutesPlugin = async (app) => {
  app.get(
    '/admin/properties',
    {
      schema: { querystring: AdminPropertiesQuery, response: { 200: AdminPropertyPageResponse } },
      config: BAD_FILTERS,
    },
    async (request) => ok(await listAdminProperties(app.db, app.storage, request.query)),
  );

  app.post(
    '/admin/properties/:id/:action',
    {
      schema: { params: AdminPropertyActionParams, response: { 200: AdminPropertyResponse } },
      // An unknown action is no address at all; a bad id names no listing.
      config: { input: { notFound: (errors) => (errors.action ? 'Not found.' : ADMIN_MESSAGES.propertyNotFound) } },
    },
    async (request) => {
      const { id, action } = request.params;
      await moderateProperty(app.db, id, action, actor(request), app.clock.now());
      await invalidateListings(app, `admin: ${action} listing`);
      request.log.info({ propertyId: id, action }, 'listing moderated');
      return ok(await getAdminProperty(app.db, app.storage, id), MESSAGE[action]);
    },
  );

  app.delete(
    '/admin/properties/:id',
    {
      schema: { params: RecordIdParams, response: { 200: DeletedResponse } },
      config: { input: { notFound: ADMIN_MESSAGES.propertyNotFound } },
    },
    async (request) => {
      const { id } = request.params;
      await deleteProperty(
        app.db,
        app.storage,
        id,
        { ...actor(request), role: 'admin' },
        { audit: 'always', notFoundMessage: ADMIN_MESSAGES.propertyNotFound, now: app.clock.now() },
      );
      await invalidateListings(app, 'listing deleted by an admin');
      request.log.info({ propertyId: id }, 'listing deleted by an admin');
      return ok({ id }, ADMIN_MESSAGES.deleted);
    },
  );
};

export default adminProperties;
