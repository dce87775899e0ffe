import {
  CreatePropertyFields,
  CreatePropertyForm,
  DeletedResponse,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  nestPropertyFields,
  OwnPropertyListResponse,
  OwnPropertyResponse,
  PropertyIdParams,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import { ok } from '../../lib/envelope.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import { createProperty } from '../../services/properties/create-property.ts';
import { deleteProperty } from '../../services/properties/delete-property.ts';
import { getUserProperty, listUserProperties } from '../../services/properties/list-user-properties.ts';
import { invalidateListings } from '../../services/properties/listing-reads.ts';
import { getSubscriptionSummary } from '../../services/subscriptions/get-subscription-summary.ts';
import { receiveMultipart } from '../../services/uploads/receive-multipart.ts';

/** The owner's side of listings: their own list, adding and deleting (public reads live in index.ts). */
const propertyWrites: RoutesPlugin = async (app) => {
  // Scoped to these routes; the limits themselves are applied per request in receiveMultipart.
  await app.register(multipart);
  app.post(
    '/property',
    {
      preHandler: app.authenticate,
      // Streamed by receiveMultipart after the package check; its fields are parsed below.
      schema: { body: readInHandler({ form: CreatePropertyForm }), response: { 201: OwnPropertyResponse } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      // Checked before the body is read, so nobody uploads 50 MB only to be told no.
      const subscription = await getSubscriptionSummary(app.db, user.id, app.clock.now());
      if (!subscription.is_active)
        throw forbidden('An active package is needed to add a listing. Choose a package first.');

      const received = await receiveMultipart(request, {
        tmpDir: app.uploadTmpDir,
        maxFileBytes: MAX_PHOTO_BYTES,
        maxFiles: MAX_PHOTOS + 1,
        allowed: ['jpeg', 'png', 'gif'],
        allowedLabel: 'JPEG, PNG or GIF',
      });
      let id: number;
      try {
        const fields = parse(CreatePropertyFields, nestPropertyFields(received.fields));
        id = await createProperty(app.db, app.storage, user.id, fields, received.files);
      } finally {
        // Before answering, so no temporary file outlives the request.
        await received.cleanup();
      }
      await invalidateListings(app, 'listing created');
      request.log.info({ propertyId: id, photos: received.files.length }, 'listing created');
      const property = await getUserProperty(app.db, app.storage, user.id, id);
      if (!property) throw new Error('the new listing could not be read back');
      return reply.code(201).send(ok(property, 'Property listed successfully!'));
    },
  );

  app.get(
    '/user/properties',
    { preHandler: app.authenticate, schema: { response: { 200: OwnPropertyListResponse } } },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await listUserProperties(app.db, app.storage, user.id));
    },
  );

  app.delete(
    '/property/:id',
    {
      preHandler: app.authenticate,
      schema: { params: PropertyIdParams, response: { 200: DeletedResponse } },
      config: { input: { message: 'This listing id is not valid.' } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const { id } = request.params;
      await deleteProperty(
        app.db,
        app.storage,
        id,
        { id: user.id, role: user.role, email: user.email },
        { now: app.clock.now() },
      );
      await invalidateListings(app, 'listing deleted by its owner');
      return ok({ id }, 'Property deleted.');
    },
  );
};

export default propertyWrites;
