import { z } from 'zod';
import { PropertyFieldsObject } from './create-property.ts';
import { successEnvelope } from './envelope.ts';
import { MAX_DB_INT, RecordId } from './input.ts';
import {
  CONTACT_CHANNELS,
  INQUIRY_STATUSES,
  OWNER_STATUSES,
  REVIEW_REASONS,
  REVIEW_STATES,
  STATS_PERIODS,
} from './listing-values.ts';
import { englishNumber } from './number-text.ts';

/**
 * The owners' side of listings (docs/api.md "Owners"): editing, status, statistics, featured quota and leads.
 * Wire names here are binding for outside clients.
 */

export const OwnerStatus = z.enum(OWNER_STATUSES, { error: `status must be one of: ${OWNER_STATUSES.join(', ')}` });
export type OwnerStatus = z.infer<typeof OwnerStatus>;
export const ReviewState = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof ReviewState>;
export const ReviewReason = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof ReviewReason>;
export const InquiryStatus = z.enum(INQUIRY_STATUSES, {
  error: `status must be one of: ${INQUIRY_STATUSES.join(', ')}`,
});
export type InquiryStatus = z.infer<typeof InquiryStatus>;
export const ContactChannel = z.enum(CONTACT_CHANNELS, {
  error: `channel must be one of: ${CONTACT_CHANNELS.join(', ')}`,
});
export type ContactChannel = z.infer<typeof ContactChannel>;

export const OWNER_MESSAGES = {
  /** 403 when a create or an edit would feature more listings than the owner's active package allows. */
  featuredQuota: (n: number) => `Your package allows ${n} featured listings.`,
  updated: 'Listing updated.',
  /** The edit's new title or description waits for review (ADR 017, M5); the rest of the edit is saved. */
  updatedTextPending:
    'Listing updated. Baan reviews your new text before visitors see it; until then they see the earlier text.',
  /** The edit sent a live listing back to review (a price far off, another owner's photo, contact details in a room). */
  updatedHeld: 'Listing updated. Baan reviews it again before it is shown; we will e-mail you the decision.',
  notYours: 'You can only change your own listings.',
  hiddenByAdmin: 'An admin has hidden this listing; its status cannot be changed.',
  inquiryUpdated: 'Inquiry updated.',
} as const;

/** Text a note may hold (lead tracking). */
export const INQUIRY_NOTE_MAX = 2000;

const idList = (field: string) =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(RecordId, { error: `${field} must be a list of photo ids` })
      .max(40)
      .optional(),
  );

/**
 * PATCH /api/property/{id} (JSON, or multipart with new `images[i]` files): any field of the create form, checked
 * the same way; absent fields stay as they are. The rules between fields are checked on the listing as it will be.
 */
/**
 * The create form's fields with their defaults taken off: zod fills a default even under `.partial()`, which would
 * turn an absent `language` or `rooms` into a change. Every field of the create form is here, whatever is added later.
 */
type NoDefaults<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : S[K];
};
function withoutDefaults<S extends z.ZodRawShape>(object: z.ZodObject<S>): z.ZodObject<NoDefaults<S>> {
  const shape = Object.fromEntries(
    Object.entries(object.shape).map(([key, field]) => [key, field instanceof z.ZodDefault ? field.unwrap() : field]),
  );
  return z.object(shape as NoDefaults<S>);
}

export const UpdatePropertyFields = withoutDefaults(PropertyFieldsObject)
  .partial()
  .extend({
    status: OwnerStatus.optional(),
    /** Photos to delete (the cover cannot be removed unless another photo becomes the cover). */
    remove_image_ids: idList('remove_image_ids'),
    /** The photo to show first. */
    cover_image_id: RecordId.optional(),
    /** The photos' new order (ids); photos not named keep their place after the named ones. */
    image_order: idList('image_order'),
  });
export type UpdatePropertyFields = z.infer<typeof UpdatePropertyFields>;

/**
 * PATCH /api/property/{id} as multipart/form-data: the fields as text (rooms as `rooms[i][type]`/`rooms[i][quantity]`;
 * they replace the rooms when any is sent), new photos as `images` or `images[i]`, photo ids as `remove_image_ids[i]`
 * and `image_order[i]` (i from 0) or one comma-separated `remove_image_ids` / `image_order`.
 */
export const UpdatePropertyForm = withoutDefaults(PropertyFieldsObject)
  .omit({ rooms: true })
  .partial()
  .extend({
    status: OwnerStatus.optional(),
    'rooms[i][type]': z.string().optional(),
    'rooms[i][quantity]': z.string().optional(),
    images: z.array(z.file()).optional(),
    'remove_image_ids[i]': z.string().optional(),
    cover_image_id: z.string().optional(),
    'image_order[i]': z.string().optional(),
  });

// ---- Statistics --------------------------------------------------------------------------

export const StatsQuery = z.object({
  days: z.preprocess(
    (value) => (value === undefined || value === '' ? 30 : typeof value === 'string' ? Number(value) : value),
    z.union(
      STATS_PERIODS.map((n) => z.literal(n)),
      { error: `days must be one of: ${STATS_PERIODS.join(', ')}` },
    ),
  ),
});
export type StatsQuery = z.infer<typeof StatsQuery>;

const count = z.number().int().min(0);
export const StatsTotals = z.object({
  views: count,
  visitors: count,
  contact_clicks: count,
  inquiries: count,
  favorites: count,
  /** Viewings requested (an addition to docs/api.md, ADR 035). */
  viewings: count,
  /** contact_clicks by channel (an addition to docs/api.md). */
  clicks: z.object({ phone: count, email: count, line: count }),
});
export type StatsTotals = z.infer<typeof StatsTotals>;
export const StatsDay = z.object({
  /** YYYY-MM-DD in Asia/Bangkok; every day of the period is present, oldest first. */
  date: z.string(),
  views: count,
  visitors: count,
  contact_clicks: count,
  inquiries: count,
  favorites: count,
  viewings: count,
});
export type StatsDay = z.infer<typeof StatsDay>;
/** GET /api/user/properties/{id}/stats?days=7|30|90. */
export const ListingStats = z.object({ totals: StatsTotals, days: z.array(StatsDay) });
export type ListingStats = z.infer<typeof ListingStats>;
export const ListingStatsResponse = successEnvelope(ListingStats);

/** GET /api/user/stats?days= (the dashboard overview): every listing of the caller together, and per listing. */
export const OwnerStats = ListingStats.extend({
  listings: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.string(),
      views: count,
      contact_clicks: count,
      inquiries: count,
    }),
  ),
});
export type OwnerStats = z.infer<typeof OwnerStats>;
export const OwnerStatsResponse = successEnvelope(OwnerStats);

/** The longest view token the beacons take (the server issues about 60 characters). */
export const MAX_VIEW_TOKEN_LENGTH = 200;

/**
 * The short-lived signed token the listing page is rendered with (ADR 020). A beacon without a valid one is answered
 * 204 like any other and counts nothing.
 */
const viewToken = z
  .string({ error: 'The view token must be text.' })
  .max(MAX_VIEW_TOKEN_LENGTH, `The view token can be at most ${MAX_VIEW_TOKEN_LENGTH} characters.`)
  .optional();

/** POST /api/property/{id}/view: no body (counts nothing), or `{token}` from the rendered page. */
export const ViewBeaconRequest = z.object({ token: viewToken }).default({});
export type ViewBeaconRequest = z.infer<typeof ViewBeaconRequest>;

/** POST /api/property/{id}/contact-click; the page's view token is what makes it count. */
export const ContactClickRequest = z.object({ channel: ContactChannel, token: viewToken });
export type ContactClickRequest = z.infer<typeof ContactClickRequest>;

// ---- Leads -------------------------------------------------------------------------------

/** PATCH /api/user/inquiries/{id}. */
export const UpdateInquiryRequest = z.object({
  status: InquiryStatus,
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(INQUIRY_NOTE_MAX, `note must be at most ${englishNumber(INQUIRY_NOTE_MAX)} characters`)
    .optional(),
});
export type UpdateInquiryRequest = z.infer<typeof UpdateInquiryRequest>;
export const InquiryIdParams = z.object({ id: RecordId });

// ---- Featured quota ----------------------------------------------------------------------

/** GET /api/user/featured-quota: how many listings the caller may still feature. */
export const FeaturedQuota = z.object({
  quota: count,
  used: count,
  left: count,
  premium: z.union([z.literal(0), z.literal(1)]),
});
export type FeaturedQuota = z.infer<typeof FeaturedQuota>;
export const FeaturedQuotaResponse = successEnvelope(FeaturedQuota);

// ---- Moderation and reports --------------------------------------------------------------

/** POST /api/admin/properties/{id}/reject. */
export const REVIEW_NOTE_MAX = 500;
export const RejectListingRequest = z.object({
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(REVIEW_NOTE_MAX, `The reason is too long (at most ${REVIEW_NOTE_MAX} characters).`),
});

/** The review part of an owner's (and the console's) listing. */
export const ListingReview = z.object({
  review: ReviewState,
  review_reasons: z.array(z.string()),
  review_note: z.string().nullable(),
});

/** POST /api/reports/unsubscribe?u=&t= (one-click, RFC 8058): a signed token; a forged one is a 400. */
export const ReportUnsubscribeQuery = z.object({
  u: z.coerce.number({ error: 'The unsubscribe link is not valid.' }).int().min(1).max(MAX_DB_INT),
  t: z
    .string({ error: 'The unsubscribe link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'The unsubscribe link is not valid.'),
});
