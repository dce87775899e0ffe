import {
  CreatePropertyFields,
  CreatePropertyForm,
  DeletedResponse,
  FeaturedQuotaResponse,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  nestPropertyFields,
  OWNER_MESSAGES,
  OwnPropertyListResponse,
  OwnPropertyResponse,
  PropertyIdParams,
  UpdatePropertyFields,
  UpdatePropertyForm,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import { ok } from '../../lib/envelope.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import { LISTING_PHOTO_KINDS } from '../../services/images/sniff-image.ts';
import { getUserProperty, listUserProperties } from '../../services/owners/list-user-properties.ts';
import { createProperty } from '../../services/properties/create-property.ts';
import { deleteProperty } from '../../services/properties/delete-property.ts';
import { assertFeaturedQuota, getFeaturedQuota } from '../../services/properties/featured-quota.ts';
import {
  checkEditIntent,
  type Editor,
  editableListing,
  LISTING_MISSING,
  updateProperty,
} from '../../services/properties/update-property.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import { getSubscriptionSummary } from '../../services/subscriptions/get-subscription-summary.ts';
import { type ReceivedFile, receiveMultipart } from '../../services/uploads/receive-multipart.ts';
import { nestUpdateFields, PHOTO_FIELDS } from './update-form.ts';

/** The owner's side of listings: their own list, adding, editing and deleting, the featured quota (public reads live in index.ts). */
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

      const now = app.clock.now();
      // Admins are not held to a package's featured quota (ADR 017); everyone else is checked as soon as the field
      // is known (before the photos when it comes first, as browsers send it), and again under a lock when written.
      const featuredQuota = user.role !== 'admin';
      const checkQuota = async (isFeatured: string | undefined) => {
        if (featuredQuota && isFeatured === '1') await assertFeaturedQuota(app.db, user.id, now);
      };
      const received = await receiveMultipart(request, {
        tmpDir: app.uploadTmpDir,
        budget: app.uploadBudget,
        account: user.id,
        maxFileBytes: MAX_PHOTO_BYTES,
        maxFiles: MAX_PHOTOS + 1,
        allowed: LISTING_PHOTO_KINDS,
        allowedLabel: 'JPEG, PNG or GIF',
        beforeFile: (sent) => checkQuota(sent.is_featured),
      });
      let id: number;
      try {
        const fields = parse(CreatePropertyFields, nestPropertyFields(received.fields));
        await checkQuota(fields.is_featured);
        id = await createProperty(app.db, app.storage, user.id, fields, received.files, {
          now,
          featuredQuota,
          newOwnerDays: app.config.moderationNewOwnerDays,
          role: user.role,
        });
      } finally {
        // Before answering, so no temporary file outlives the request.
        await received.cleanup();
      }
      await invalidateListings(app, 'listing created');
      request.log.info({ propertyId: id, photos: received.files.length }, 'listing created');
      const property = await getUserProperty(app.db, app.storage, user.id, id);
      if (!property) throw new Error('the new listing could not be read back');
      // A listing held by the moderation gate (ADR 017) is not live yet: say so instead of "listed".
      const message =
        property.review === 'pending'
          ? 'Listing received. It goes live once Baan has reviewed it; we will e-mail you the decision.'
          : 'Property listed successfully!';
      return reply.code(201).send(ok(property, message));
    },
  );

  app.patch(
    '/property/:id',
    {
      preHandler: app.authenticate,
      // JSON, or multipart with new photos (streamed by receiveMultipart after the cheap checks); parsed below.
      schema: {
        params: PropertyIdParams,
        body: readInHandler({ json: UpdatePropertyFields, form: UpdatePropertyForm }),
        response: { 200: OwnPropertyResponse },
      },
      // Any id that is not a positive whole number names no listing.
      config: { input: { notFound: LISTING_MISSING } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const editor: Editor = { id: user.id, role: user.role };
      const { id } = request.params;
      const now = app.clock.now();
      // 404 and 403 before the body is read, so nobody uploads photos to be told no.
      const listing = await editableListing(app.db, id, editor);
      let input: unknown = request.body;
      let files: ReceivedFile[] = [];
      let cleanup = async () => {};
      if (request.isMultipart()) {
        const received = await receiveMultipart(request, {
          tmpDir: app.uploadTmpDir,
          budget: app.uploadBudget,
          account: user.id,
          maxFileBytes: MAX_PHOTO_BYTES,
          maxFiles: MAX_PHOTOS,
          allowed: LISTING_PHOTO_KINDS,
          allowedLabel: 'JPEG, PNG or GIF',
          fileFields: PHOTO_FIELDS,
          // The 409 and the featured quota answer before a photo's bytes are read when their fields come first.
          beforeFile: (sent) =>
            checkEditIntent(
              app.db,
              listing,
              { statusChange: Boolean(sent.status?.trim()), featuring: sent.is_featured === '1' },
              editor,
              now,
            ),
        });
        input = nestUpdateFields(received.fields);
        files = received.files;
        cleanup = received.cleanup;
      }
      let ownerId: number;
      let sentText = false;
      try {
        const fields = parse(UpdatePropertyFields, input);
        sentText = fields.title !== undefined || fields.description !== undefined;
        ({ ownerId } = await updateProperty(app.db, app.storage, id, editor, fields, files, now, {
          newOwnerDays: app.config.moderationNewOwnerDays,
        }));
      } finally {
        // Before answering, so no temporary file outlives the request.
        await cleanup();
      }
      await invalidateListings(app, 'listing edited');
      request.log.info({ propertyId: id, photos: files.length }, 'listing edited');
      const property = await getUserProperty(app.db, app.storage, ownerId, id);
      if (!property) throw new Error('the edited listing could not be read back');
      // Say what the owner cannot see: the new text waits for review (M5), or the edit sent the listing back to review.
      const message =
        listing.review === 'approved' && property.review === 'pending'
          ? OWNER_MESSAGES.updatedHeld
          : sentText && property.text_edit?.state === 'pending'
            ? OWNER_MESSAGES.updatedTextPending
            : OWNER_MESSAGES.updated;
      return ok(property, message);
    },
  );

  app.get(
    '/user/featured-quota',
    { preHandler: app.authenticate, schema: { response: { 200: FeaturedQuotaResponse } } },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await getFeaturedQuota(app.db, user.id, app.clock.now()));
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
