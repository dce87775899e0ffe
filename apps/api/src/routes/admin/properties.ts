import {
  ADMIN_MESSAGES,
  AdminPropertiesQuery,
  type AdminPropertyAction,
  AdminPropertyActionParams,
  AdminPropertyPageResponse,
  AdminPropertyResponse,
  DeletedResponse,
  RecordIdParams,
  RejectListingRequest,
} from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { getAdminProperty, listAdminProperties, moderateProperty } from '../../services/admin/admin-properties.ts';
import { decideListingReview } from '../../services/moderation/review-listing.ts';
import { deleteProperty } from '../../services/properties/delete-property.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import { actor, BAD_FILTERS } from './params.ts';

const MESSAGE: Record<AdminPropertyAction, string> = {
  hide: ADMIN_MESSAGES.hidden,
  show: ADMIN_MESSAGES.shown,
  feature: ADMIN_MESSAGES.featured,
  unfeature: ADMIN_MESSAGES.unfeatured,
  approve: ADMIN_MESSAGES.approved,
};

/**
 * Listings in the console: search every status (and the review queue, `status=pending`), hide / show,
 * feature / unfeature, approve / reject a held listing (ADR 017), delete.
 */
const adminProperties: RoutesPlugin = async (app) => {
  const notice = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });
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
      let message = MESSAGE[action];
      if (action === 'approve') {
        const decided = await decideListingReview(
          app.db,
          id,
          { kind: 'approve' },
          actor(request),
          app.clock.now(),
          notice(),
        );
        if (decided === 'edit') message = ADMIN_MESSAGES.editApproved;
      } else await moderateProperty(app.db, id, action, actor(request), app.clock.now());
      await invalidateListings(app, `admin: ${action} listing`);
      request.log.info({ propertyId: id, action }, 'listing moderated');
      return ok(await getAdminProperty(app.db, app.storage, id), message);
    },
  );

  // A static segment, so it wins over /:action for this one word; the reason is mailed to the owner.
  app.post(
    '/admin/properties/:id/reject',
    {
      schema: { params: RecordIdParams, body: RejectListingRequest, response: { 200: AdminPropertyResponse } },
      config: {
        input: {
          notFound: ADMIN_MESSAGES.propertyNotFound,
          message: (errors) => errors.reason?.[0] ?? 'Please correct the highlighted fields.',
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const decided = await decideListingReview(
        app.db,
        id,
        { kind: 'reject', reason },
        actor(request),
        app.clock.now(),
        notice(),
      );
      // A held listing was never public, so visitors see no change; every review write invalidates alike all the same.
      await invalidateListings(app, 'admin: reject listing');
      request.log.info({ propertyId: id }, 'listing rejected');
      return ok(
        await getAdminProperty(app.db, app.storage, id),
        decided === 'edit' ? ADMIN_MESSAGES.editRejected : ADMIN_MESSAGES.rejected,
      );
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
