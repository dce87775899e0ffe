/**
 * Thailand's Personal Data Protection Act B.E. 2562 (PDPA) on the wire (ADR 023): consents, a person's copy of their
 * data, account deletion confirmed by password and by an e-mailed link, and the admin's record of those requests.
 */
import { z } from 'zod';
import { AGENCY_ROLES } from './agencies.ts';
import { PublicProfile } from './agents.ts';
import { SavedSearch } from './buyers.ts';
import { ContactMessage, Inquiry, OwnProperty } from './contact.ts';
import { MessageAttachment } from './conversations.ts';
import { successEnvelope } from './envelope.ts';
import { Payment, Subscription } from './payments.ts';
import { Viewing } from './viewings.ts';

/**
 * The privacy notice in force (the /privacy page shows it): its date is its version. A consent records the version
 * the person agreed to; change it (and the page's texts) together.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

/** What a person consents to: the Terms of Use with the privacy notice (at sign-up), and the newsletter (optional). */
export const CONSENT_PURPOSES = ['terms_privacy', 'newsletter'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where a consent was given. */
export const CONSENT_SOURCES = ['signup', 'footer', 'settings'] as const;

/** The person's requests under the PDPA that the admin console lists. */
export const PRIVACY_REQUEST_TYPES = ['export', 'deletion'] as const;
export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number];

/**
 * A deletion waits for its e-mailed link (awaiting_confirmation), then is completed; a link not used in time is
 * expired, and one superseded by a newer request is replaced. An export is completed when it is downloaded.
 */
export const PRIVACY_REQUEST_STATUSES = ['awaiting_confirmation', 'completed', 'expired', 'replaced'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** How long the e-mailed link to confirm a deletion works. */
export const DELETION_LINK_HOURS = 24;

/** Messages the privacy API answers with (the web shows its own translation of each). */
export const PRIVACY_MESSAGES = {
  exported: 'Here is a copy of your data.',
  deletionRequested: `We have e-mailed you a link to confirm the deletion. It works for ${DELETION_LINK_HOURS} hours.`,
  deleted: 'Your account has been deleted.',
  passwordRequired: 'Please enter your password to continue.',
  passwordTooLong: 'That password is too long.',
  wrongPassword: 'The password is incorrect.',
  adminAccount: 'An administrator account cannot be deleted from the settings.',
  pendingPayment:
    'A payment of yours is waiting for review. You can delete your account once it has been approved or rejected.',
  linkRequired: 'The confirmation link is incomplete. Please open the link from the e-mail again.',
  linkInvalid: 'This confirmation link is not valid for your account. Open the newest link we e-mailed you.',
  linkExpired: 'This confirmation link has expired. Please start again from your settings.',
  linkReplaced: 'A newer confirmation link was sent. Please open the newest e-mail.',
  newsletterOn: 'You are subscribed to the newsletter.',
  newsletterOff: 'You will no longer receive the newsletter.',
} as const;

/** One consent as recorded: what, to which version of the notice, when given and when withdrawn (null while in force). */
export const Consent = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  notice_version: z.string(),
  source: z.enum(CONSENT_SOURCES),
  granted_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type Consent = z.infer<typeof Consent>;

/** GET /api/user/consents, PUT and DELETE /api/user/consents/newsletter: whether the newsletter goes to the person, and every consent, newest first. */
export const Consents = z.object({ newsletter: z.boolean(), items: z.array(Consent) });
export type Consents = z.infer<typeof Consents>;
export const ConsentsResponse = successEnvelope(Consents);

/** One of the person's PDPA requests, as they and the admin console see it. */
export const PrivacyRequest = z.object({
  id: z.number().int(),
  type: z.enum(PRIVACY_REQUEST_TYPES),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  requested_at: z.string(),
  /** A deletion's link stops working then; null for an export. */
  expires_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** POST /api/user/account/deletion: the account's password, checked before anything is written. */
export const AccountDeletionRequest = z.object({
  password: z
    .string({ error: PRIVACY_MESSAGES.passwordRequired })
    .min(1, PRIVACY_MESSAGES.passwordRequired)
    .max(1000, PRIVACY_MESSAGES.passwordTooLong),
});
export type AccountDeletionRequest = z.infer<typeof AccountDeletionRequest>;

/** 202: the request waits for its link, mailed to `email`. */
export const AccountDeletionStarted = PrivacyRequest.extend({ email: z.string() });
export type AccountDeletionStarted = z.infer<typeof AccountDeletionStarted>;
export const AccountDeletionStartedResponse = successEnvelope(AccountDeletionStarted);

/** The e-mailed link carries this token (after `#token=`, so it never reaches a server log). */
export const DELETION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** POST /api/user/account/deletion/confirm: the token of the e-mailed link. */
export const ConfirmAccountDeletionRequest = z.object({
  token: z
    .string({ error: PRIVACY_MESSAGES.linkRequired })
    .trim()
    .min(1, PRIVACY_MESSAGES.linkRequired)
    .max(200, { message: PRIVACY_MESSAGES.linkInvalid, abort: true })
    .regex(DELETION_TOKEN_PATTERN, PRIVACY_MESSAGES.linkInvalid),
});
export type ConfirmAccountDeletionRequest = z.infer<typeof ConfirmAccountDeletionRequest>;
export const AccountDeletedResponse = successEnvelope(PrivacyRequest);

/** A day of one of the person's listings' statistics (listing_daily_stats). */
export const ExportedStatisticsDay = z.object({
  property_id: z.number().int(),
  day: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
  clicks_phone: z.number().int(),
  clicks_email: z.number().int(),
  clicks_line: z.number().int(),
  inquiries: z.number().int(),
  favorites: z.number().int(),
});

/**
 * GET /api/user/data-export: everything Baan keeps about the signed-in person, as one JSON document (PDPA sections 30
 * and 31: a copy, in a machine-readable form). Listings carry their photos' URLs; inquiries sent are the ones written
 * from the account's e-mail address (without the owner's private note and lead status).
 */
export const DataExport = z.object({
  format: z.literal('baan-personal-data'),
  version: z.literal(1),
  generated_at: z.string(),
  privacy_notice_version: z.string(),
  account: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    line_id: z.string().nullable(),
    company_name: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    language: z.string(),
    profile_image: z.string().nullable(),
    weekly_report: z.boolean(),
    email_verified_at: z.string().nullable(),
    created_at: z.string(),
    /** The public profile (ADR 029), published or not. */
    public_profile: PublicProfile,
    /** The agency the person belongs to (ADR 037), or null. */
    agency: z
      .object({ slug: z.string(), name: z.string(), role: z.enum(AGENCY_ROLES), joined_at: z.string() })
      .nullable(),
  }),
  listings: z.array(OwnProperty),
  favorites: z.array(z.object({ property_id: z.number().int(), title: z.string(), created_at: z.string() })),
  saved_searches: z.array(SavedSearch),
  inquiries_sent: z.array(
    Inquiry.pick({
      id: true,
      property_id: true,
      property_title: true,
      name: true,
      email: true,
      phone: true,
      message: true,
      language: true,
      created_at: true,
    }),
  ),
  inquiries_received: z.array(Inquiry),
  /**
   * The viewings (ADR 035) of the person's listings (`role: owner`) and those they asked for (`visitor`), signed in or
   * as a guest from their address, soonest first.
   */
  viewings: z.array(Viewing),
  contact_messages: z.array(ContactMessage),
  payments: z.array(Payment),
  subscriptions: z.array(Subscription),
  /**
   * `pending`: subscriptions to the address not confirmed yet (double opt-in, ADR 055): when asked for, from where
   * (`footer`: the form, waiting for the mailed link; `signup`: waiting for the account's e-mail code) and until when.
   */
  newsletter: z.object({
    subscribed: z.boolean(),
    since: z.string().nullable(),
    pending: z.array(
      z.object({ source: z.enum(['footer', 'signup']), requested_at: z.string(), expires_at: z.string() }),
    ),
  }),
  consents: z.array(Consent),
  statistics: z.array(ExportedStatisticsDay),
  privacy_requests: z.array(PrivacyRequest),
  /**
   * The person's conversations (ADR 034): as the listing's owner, as the visitor, or as a guest from their address.
   * The other side is named, never with their address or phone; only the person's own messages are in it.
   */
  conversations: z.array(
    z.object({
      id: z.number().int(),
      listing: z.object({ id: z.number().int().nullable(), title: z.string() }),
      role: z.enum(['owner', 'visitor']),
      other_party: z.object({ name: z.string() }),
      created_at: z.string(),
      last_message_at: z.string(),
      messages: z.array(
        z.object({
          id: z.number().int(),
          body: z.string(),
          attachments: z.array(MessageAttachment),
          created_at: z.string(),
        }),
      ),
    }),
  ),
});
export type DataExport = z.infer<typeof DataExport>;
export const DataExportResponse = successEnvelope(DataExport);
