import { ADMIN_MESSAGES, ADMIN_PROPERTY_ACTIONS, AdminPropertiesQuery, type AdminPropertyAction } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { getAdminProperty, listAdminProperties, moderateProperty } from '../../services/admin/admin-properties.ts';
import { deleteProperty } from '../../services/properties/delete-property.ts';
import { actor, recordId } from './params.ts';

const MESSAGE: Record<AdminPropertyAction, string> = {
  hide: ADMIN_MESSAGES.hidden,
  show: ADMIN_MESSAGES.shown,
  feature: ADMIN_MESSAGES.featured,
  unfeature: ADMIN_MESSAGES.unfeatured,
};

const isAction = (action: string): action is AdminPropertyAction =>
  (ADMIN_PROPERTY_ACTIONS as readonly string[]).includes(action);

/** Listings in the console: search every status, hide / show, feature / unfeature, delete. */
const adminProperties: FastifyPluginAsync = async (app) => {
  app.get('/admin/properties', async (request) => {
    const query = parse(AdminPropertiesQuery, request.query, 'Please correct the search filters.');
    return { success: true, payload: await listAdminProperties(app.db, app.storage, query) };
  });

  app.post<{ Params: { id: string; action: string } }>('/admin/properties/:id/:action', async (request) => {
    const { action } = request.params;
    if (!isAction(action)) throw notFound('Not found.');
    const id = recordId(request.params.id, ADMIN_MESSAGES.propertyNotFound);
    await moderateProperty(app.db, id, action, actor(request), app.clock.now());
    app.listingCache.clear();
    request.log.info({ propertyId: id, action }, 'listing moderated');
    return { success: true, message: MESSAGE[action], payload: await getAdminProperty(app.db, app.storage, id) };
  });

  app.delete<{ Params: { id: string } }>('/admin/properties/:id', async (request) => {
    const id = recordId(request.params.id, ADMIN_MESSAGES.propertyNotFound);
    const admin = actor(request);
    await deleteProperty(
      app.db,
      app.storage,
      id,
      { ...admin, role: 'admin' },
      { audit: 'always', notFoundMessage: ADMIN_MESSAGES.propertyNotFound, now: app.clock.now() },
    );
    app.listingCache.clear();
    request.log.info({ propertyId: id }, 'listing deleted by an admin');
    return { success: true, message: ADMIN_MESSAGES.deleted, payload: { id } };
  });
};

export default adminProperties;
