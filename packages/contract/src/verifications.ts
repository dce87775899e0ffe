import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { REJECT_REASON_MAX } from './payments.ts';

/** docs/api.md "Agents, agencies, verification": the admin queue of title deed and licence checks (ADR 032). */
export const VERIFICATION_KINDS = ['listing', 'licence'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A title deed number: 1–60 characters of letters, digits, spaces, dots, slashes and dashes. */
export const TITLE_DEED_NUMBER_MAX = 60;
/** Document upload limit (image or PDF). */
export const MAX_VERIFICATION_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const VERIFICATION_MESSAGES = {
  submitted: 'Thank you. An admin will check the title deed soon.',
  deedRequired: 'Enter the title deed number.',
  deedTooLong: `The title deed number is at most ${TITLE_DEED_NUMBER_MAX} characters.`,
  deedInvalid: 'The title deed number may contain only letters, digits, spaces, dots, slashes and dashes.',
  documentMissing: 'Attach a photo or PDF of the title deed.',
  documentType: 'The document must be a JPEG, PNG, WebP image or a PDF.',
  documentTooLarge: 'The document is larger than 20 MB.',
  notFound: 'Verification not found.',
  listingNotFound: 'Listing not found.',
  notPending: 'This verification has already been decided.',
  approved: 'Verification approved.',
  rejected: 'Verification rejected.',
  noDocument: 'This verification has no document.',
} as const;

const DEED_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

/** The owner's request's text fields (multipart; the document is read separately). */
export const VerificationRequestFields = z.object({
  title_deed_number: z
    .string({ error: VERIFICATION_MESSAGES.deedRequired })
    .max(TITLE_DEED_NUMBER_MAX * 4, VERIFICATION_MESSAGES.deedTooLong)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, VERIFICATION_MESSAGES.deedRequired)
        .max(TITLE_DEED_NUMBER_MAX, VERIFICATION_MESSAGES.deedTooLong)
        .regex(DEED_PATTERN, VERIFICATION_MESSAGES.deedInvalid),
    ),
});
export type VerificationRequestFields = z.infer<typeof VerificationRequestFields>;
/** POST /api/property/{id}/verification as the browser sends it (multipart/form-data). */
export const VerificationRequestForm = VerificationRequestFields.extend({ document: z.file() });

/** A listing's latest check as its owner sees it (no document). */
export const ListingVerification = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  title_deed_number: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ListingVerification = z.infer<typeof ListingVerification>;
export const ListingVerificationResponse = successEnvelope(ListingVerification);
export const ListingVerificationStatusResponse = successEnvelope(ListingVerification.nullable());

/** One queue entry as an admin sees it. `document_url` is the admin-only route, null without a document. */
export const AdminVerification = z.object({
  id: z.number().int(),
  kind: z.enum(VERIFICATION_KINDS),
  property_id: z.number().int().nullable(),
  user_id: z.number().int(),
  title_deed_number: z.string().optional(),
  licence_number: z.string().optional(),
  document_url: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminVerification = z.infer<typeof AdminVerification>;
export const AdminVerificationPage = z.object({ items: z.array(AdminVerification), total: z.number().int() });
export type AdminVerificationPage = z.infer<typeof AdminVerificationPage>;
export const AdminVerificationPageResponse = successEnvelope(AdminVerificationPage);
export const AdminVerificationResponse = successEnvelope(AdminVerification);

export const AdminVerificationsQuery = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === undefined ? 'pending' : v),
    z.enum(VERIFICATION_STATUSES, { error: `status must be one of: ${VERIFICATION_STATUSES.join(', ')}.` }),
  ),
});

export const RejectVerificationRequest = z.object({
  reason: z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(1, 'Please give a reason.')
    .max(REJECT_REASON_MAX, 'The reason is too long.'),
});
export type RejectVerificationRequest = z.infer<typeof RejectVerificationRequest>;
