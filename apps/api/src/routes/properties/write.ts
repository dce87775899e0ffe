import { CreatePropertyFields, MAX_DB_INT, MAX_PHOTO_BYTES, MAX_PHOTOS, nestPropertyFields } from '@baan/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { createProperty } from '../../services/properties/create-property.ts';
import { deleteProperty } from '../../services/properties/delete-property.ts';
import { getUserProperty, listUserProperties } from '../../services/properties/list-user-properties.ts';
import { getSubscriptionSummary } from '../../services/subscriptions/get-subscription-summary.ts';
import { receiveMultipart } from '../../services/uploads/receive-multipart.ts';

const IdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int()
    .positive('id must be a number')
    .max(MAX_DB_INT, 'id is too large'),
});

/** The owner's side of listings: their own list, adding and deleting (public reads live in index.ts). */
const propertyWrites: FastifyPluginAsync = async (app) => {
  // Scoped to these routes; the limits themselves are applied per request in receiveMultipart.
  await app.register(multipart);
  app.post('/property', { preHandler: app.authenticate }, async (request, reply) => {
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
    app.listingCache.clear();
    request.log.info({ propertyId: id, photos: received.files.length }, 'listing created');
    const property = await getUserProperty(app.db, app.storage, user.id, id);
    return reply.code(201).send({ success: true, message: 'Property listed successfully!', payload: property });
  });

  app.get('/user/properties', { preHandler: app.authenticate }, async (request) => {
    const user = request.user;
    if (!user) throw unauthorized();
    return { success: true, payload: await listUserProperties(app.db, app.storage, user.id) };
  });

  app.delete('/property/:id', { preHandler: app.authenticate }, async (request) => {
    const user = request.user;
    if (!user) throw unauthorized();
    const { id } = parse(IdParams, request.params, 'This listing id is not valid.');
    await deleteProperty(
      app.db,
      app.storage,
      id,
      { id: user.id, role: user.role, email: user.email },
      { now: app.clock.now() },
    );
    app.listingCache.clear();
    return { success: true, message: 'Property deleted.', payload: { id } };
  });
};

export default propertyWrites;
