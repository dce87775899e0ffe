import { z } from 'zod';
import { SubscriptionSummary } from './accounts.ts';
import { ContactMessage, Inquiry } from './contact.ts';
import { successEnvelope } from './envelope.ts';
import { RecordId, singleLineText } from './input.ts';
import { PROPERTY_STATUSES, REVIEW_STATES } from './listing-values.ts';
import { PACKAGE_FEATURES, Package } from './payments.ts';
import { PRIVACY_REQUEST_STATUSES, PRIVACY_REQUEST_TYPES, PrivacyRequest } from './privacy.ts';
import { Property } from './properties.ts';

/** Rows per page in every admin list. */
export const ADMIN_PER_PAGE = 20;

export const ADMIN_MESSAGES = {
  propertyNotFound: 'Listing not found.',
  userNotFound: 'User not found.',
  packageNotFound: 'Package not found.',
  cannotDisableSelf: 'You cannot disable your own account.',
  packageRetired: 'This package is already retired.',
  hidden: 'The listing is hidden.',
  shown: 'The listing is visible again.',
  featured: 'The listing is featured.',
  unfeatured: 'The listing is no longer featured.',
  deleted: 'The listing was deleted.',
  disabled: 'The user is disabled; their listings are hidden.',
  enabled: 'The user is enabled again.',
  packageCreated: 'Package created.',
  packageUpdated: 'Package updated.',
  packageRetiredOk: 'Package retired. Existing subscriptions keep working.',
  approved: 'The listing is approved and visible to everyone.',
  rejected: 'The listing is rejected; its owner was mailed the reason.',
  /** An approved listing's waiting text edit (ADR 017, M5). */
  editApproved: 'The changes are approved and visible to everyone; the owner was mailed.',
  editRejected: 'The changes are rejected and the approved text stays; the owner was mailed the reason.',
  /** 409 when approving or rejecting a listing that is not waiting for review. */
  notPending: 'This listing is not waiting for review.',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1));
const perPage = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(ADMIN_PER_PAGE));
const search = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
  z.string().max(200, 'Search text is too long (at most 200 characters).').optional(),
);

/** A paged admin list. */
export function adminPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}

// ---- Listings ----------------------------------------------------------------------------

/** GET /api/admin/properties?q=&status=&page=&per_page= ; q matches title, location, owner e-mail or #id. */
/** The console's listing filter: a status, `pending` (waiting for review, any status) or all. */
export const ADMIN_LISTING_FILTERS = ['all', 'active', 'paused', 'sold', 'rented', 'hidden', 'pending'] as const;
export const AdminPropertiesQuery = z.object({
  q: search,
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(ADMIN_LISTING_FILTERS, { error: `Status must be one of: ${ADMIN_LISTING_FILTERS.join(', ')}.` })
      .default('all'),
  ),
  page,
  per_page: perPage,
});
export type AdminPropertiesQuery = z.infer<typeof AdminPropertiesQuery>;

export const AdminOwner = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  disabled: z.boolean(),
});

/** A listing in the console: every status, with its owner and how many inquiries it had. */
export const AdminProperty = Property.omit({ owner: true }).extend({
  owner: AdminOwner,
  inquiry_count: z.number().int(),
  review: z.enum(REVIEW_STATES),
  review_reasons: z.array(z.string()),
  review_note: z.string().nullable(),
  /**
   * A text edit of this approved listing waiting for review (ADR 017, M5): the new title and description (null where
   * unchanged), why it waits (`new_owner` and the listing-text reasons), since when. The public still sees the approved
   * text; approve puts this live, reject drops it.
   */
  pending_edit: z
    .object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      reasons: z.array(z.string()),
      since: z.string(),
    })
    .nullable(),
});
export type AdminProperty = z.infer<typeof AdminProperty>;
export const AdminPropertyPage = adminPage(AdminProperty);
export type AdminPropertyPage = z.infer<typeof AdminPropertyPage>;
export const AdminPropertyPageResponse = successEnvelope(AdminPropertyPage);

/**
 * POST /api/admin/properties/{id}/{action}. DELETE /api/admin/properties/{id} deletes it. `approve` publishes a listing
 * waiting for review (409 when it is not); POST /api/admin/properties/{id}/reject {reason} (RejectListingRequest,
 * owners.ts) refuses it. Both mail the owner (ADR 017).
 */
export const ADMIN_PROPERTY_ACTIONS = ['hide', 'show', 'feature', 'unfeature', 'approve'] as const;
export type AdminPropertyAction = (typeof ADMIN_PROPERTY_ACTIONS)[number];
export const AdminPropertyActionParams = z.object({ id: RecordId, action: z.enum(ADMIN_PROPERTY_ACTIONS) });
export const AdminPropertyResponse = successEnvelope(AdminProperty);

// ---- Users -------------------------------------------------------------------------------

/** GET /api/admin/users?q=&page=&per_page= ; q matches name, e-mail, phone or #id. */
export const AdminUsersQuery = z.object({ q: search, page, per_page: perPage });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  phone_number: z.string().nullable(),
  company_name: z.string().nullable(),
  email_verified: z.boolean(),
  disabled: z.boolean(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
  listing_count: z.number().int(),
  subscription: SubscriptionSummary.extend({ package_name: z.string().nullable() }),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserPage = adminPage(AdminUser);
export type AdminUserPage = z.infer<typeof AdminUserPage>;
export const AdminUserPageResponse = successEnvelope(AdminUserPage);

/** GET /api/admin/users/{id}: the user with their listings (every status). */
export const AdminUserDetail = AdminUser.extend({
  listings: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(PROPERTY_STATUSES),
      is_featured: z.union([z.literal(0), z.literal(1)]),
      price: z.number().int(),
      type: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;
export const AdminUserDetailResponse = successEnvelope(AdminUserDetail);
/** POST /api/admin/users/{id}/{disable | enable} answers with the user. */
export const ADMIN_USER_ACTIONS = ['disable', 'enable'] as const;
export const AdminUserActionParams = z.object({ id: RecordId, action: z.enum(ADMIN_USER_ACTIONS) });
export const AdminUserResponse = successEnvelope(AdminUser);

// ---- Packages ----------------------------------------------------------------------------

export const AdminPackage = Package.extend({
  retired: z.boolean(),
  retired_at: z.string().nullable(),
  /** Users whose subscription on this package is running now. */
  active_subscriptions: z.number().int(),
});
export type AdminPackage = z.infer<typeof AdminPackage>;
export const AdminPackagesResponse = successEnvelope(z.array(AdminPackage));
export const AdminPackageResponse = successEnvelope(AdminPackage);

/** Bounds of a package's fields (the console checks them before sending). */
export const PACKAGE_LIMITS = { name: 120, price: 10_000_000, featuredQuota: 1000 } as const;

const packageName = singleLineText('The package name contains invisible control characters.', {
  error: 'The package name is required.',
})
  .trim()
  .min(1, 'The package name is required.')
  .max(PACKAGE_LIMITS.name, `The package name is too long (at most ${PACKAGE_LIMITS.name} characters).`);
/**
 * A whole number an admin types: a number, or digits as text. Blank (null, "", spaces, []) is `required`, never 0, as
 * `z.coerce` made it (a blank price sold a package for 0 baht); text that is not plain digits (true, "1e3") is `whole`.
 */
function adminWholeNumber(
  messages: { required: string; whole: string; negative: string; tooHigh: string },
  max: number,
) {
  return z.preprocess(
    (value) => {
      if (value === null || (Array.isArray(value) && value.length === 0)) return null;
      if (typeof value !== 'string') return value;
      const text = value.length <= 20 ? value.trim() : value;
      if (text === '') return null;
      return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : value;
    },
    z
      .number({
        error: (issue) => (issue.input === null || issue.input === undefined ? messages.required : messages.whole),
      })
      .int(messages.whole)
      .min(0, messages.negative)
      .max(max, messages.tooHigh),
  );
}

/** 0 is refused: a free package would "sell" for nothing; an admin gives free access with a grant (POST /api/subscriptions). */
export const PACKAGE_PRICE_MESSAGES = {
  required: 'The price is required.',
  whole: 'The price must be a whole number of baht.',
  negative: 'The price cannot be negative.',
  tooHigh: 'The price is too high.',
  free: 'The price must be at least 1 baht. To give an account free access, grant it a subscription instead.',
} as const;
const packagePrice = adminWholeNumber(PACKAGE_PRICE_MESSAGES, PACKAGE_LIMITS.price).refine(
  (price) => price !== 0,
  PACKAGE_PRICE_MESSAGES.free,
);
const packageFeaturedQuota = adminWholeNumber(
  {
    required: 'The featured quota must be a whole number.',
    whole: 'The featured quota must be a whole number.',
    negative: 'The featured quota cannot be negative.',
    tooHigh: `The featured quota can be at most ${PACKAGE_LIMITS.featuredQuota}.`,
  },
  PACKAGE_LIMITS.featuredQuota,
);
const packageFeatures = z.array(z.enum(PACKAGE_FEATURES, { error: 'Unknown package feature.' })).max(20);

/** POST /api/admin/packages. */
export const CreatePackageRequest = z.object({
  name: packageName,
  price: packagePrice,
  features: packageFeatures.default([]),
  featured_quota: packageFeaturedQuota.default(0),
});
export type CreatePackageRequest = z.infer<typeof CreatePackageRequest>;

/** PATCH /api/admin/packages/{id}: any of the fields. */
export const UpdatePackageRequest = z
  .object({
    name: packageName.optional(),
    price: packagePrice.optional(),
    features: packageFeatures.optional(),
    featured_quota: packageFeaturedQuota.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Nothing to change.',
    path: ['_'],
  });
export type UpdatePackageRequest = z.infer<typeof UpdatePackageRequest>;

// ---- Messages ----------------------------------------------------------------------------

export const MESSAGE_KINDS = ['contact', 'inquiry', 'newsletter'] as const;
export const MessageKind = z.enum(MESSAGE_KINDS, { error: 'Kind must be one of: contact, inquiry, newsletter.' });
export type MessageKind = z.infer<typeof MessageKind>;

/** GET /api/admin/messages?kind=&q=&page=&per_page= and GET /api/admin/messages.csv?kind=&q= */
export const AdminMessagesQuery = z.object({
  kind: z.preprocess(blankToUndefined, MessageKind.default('contact')),
  q: search,
  page,
  per_page: perPage,
});
export type AdminMessagesQuery = z.infer<typeof AdminMessagesQuery>;

export const NewsletterSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.string(),
  created_at: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriber>;

/** An inquiry in the console also names the listing's owner. */
export const AdminInquiry = Inquiry.extend({ owner_email: z.string().nullable() });
export type AdminInquiry = z.infer<typeof AdminInquiry>;

export const AdminContactPage = adminPage(ContactMessage);
export const AdminInquiryPage = adminPage(AdminInquiry);
export const AdminNewsletterPage = adminPage(NewsletterSubscriber);
/** GET /api/admin/messages: one page of the kind asked for, which `kind` names. */
export const AdminMessagesPage = z.discriminatedUnion('kind', [
  AdminContactPage.extend({ kind: z.literal('contact') }),
  AdminInquiryPage.extend({ kind: z.literal('inquiry') }),
  AdminNewsletterPage.extend({ kind: z.literal('newsletter') }),
]);
export type AdminMessagesPage = z.infer<typeof AdminMessagesPage>;
export const AdminMessagesPageResponse = successEnvelope(AdminMessagesPage);

// ---- Privacy requests (PDPA, ADR 023) ---------------------------------------------------

/** GET /api/admin/privacy-requests?type=&status=&page=&per_page= : newest first. */
export const AdminPrivacyRequestsQuery = z.object({
  type: z.preprocess(
    blankToUndefined,
    z.enum(PRIVACY_REQUEST_TYPES, { error: `Type must be one of: ${PRIVACY_REQUEST_TYPES.join(', ')}.` }).optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(PRIVACY_REQUEST_STATUSES, { error: `Status must be one of: ${PRIVACY_REQUEST_STATUSES.join(', ')}.` })
      .optional(),
  ),
  page,
  per_page: perPage,
});
export type AdminPrivacyRequestsQuery = z.infer<typeof AdminPrivacyRequestsQuery>;

/**
 * A request in the console: who asked (the account's id, and its e-mail, masked once the account is deleted) and
 * where it stands. A link that ran out unused shows as expired.
 */
export const AdminPrivacyRequest = PrivacyRequest.extend({
  user_id: z.number().int().nullable(),
  email: z.string(),
  account_deleted: z.boolean(),
});
export type AdminPrivacyRequest = z.infer<typeof AdminPrivacyRequest>;
export const AdminPrivacyRequestPage = adminPage(AdminPrivacyRequest);
export type AdminPrivacyRequestPage = z.infer<typeof AdminPrivacyRequestPage>;
export const AdminPrivacyRequestPageResponse = successEnvelope(AdminPrivacyRequestPage);

// ---- Audit log ---------------------------------------------------------------------------

/** Every admin action writes one of these. */
export const AUDIT_ACTIONS = [
  'payment.approve',
  'payment.reject',
  'subscription.grant',
  'property.hide',
  'property.show',
  'property.feature',
  'property.unfeature',
  'property.approve',
  'property.reject',
  'property.delete',
  'user.disable',
  'user.enable',
  'package.create',
  'package.update',
  'package.retire',
  'messages.export',
  'job.retry',
  // A person's own PDPA requests (ADR 023): the actor is that person.
  'privacy.export',
  'privacy.deletion_request',
  'privacy.deletion',
  'settings.update',
  'project.create',
  'project.update',
  'project.approve',
  'project.delete',
  'project.merge',
  'verification.approve',
  'verification.reject',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AUDIT_TARGETS = [
  'payment',
  'subscription',
  'property',
  'user',
  'package',
  'messages',
  'job',
  'settings',
  'project',
  'verification',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** GET /api/admin/audit?action=&page=&per_page= : newest first. */
export const AdminAuditQuery = z.object({
  action: z.preprocess(blankToUndefined, AuditAction.optional()),
  page,
  per_page: perPage,
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  /** Null when the admin's account was deleted since; actor_email is kept. */
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: AuditAction,
  target_type: z.enum(AUDIT_TARGETS),
  target_id: z.number().int().nullable(),
  /** What changed, e.g. {reason} for a rejection, {from, to} for a price. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = adminPage(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
export const AuditPageResponse = successEnvelope(AuditPage);
