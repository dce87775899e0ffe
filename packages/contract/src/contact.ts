import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-values.ts';
import { successEnvelope } from './envelope.ts';
import { isPhoneNumber, MAX_DB_INT, multiLineText, singleLineText } from './input.ts';
import { INQUIRY_STATUSES, REVIEW_STATES } from './listing-values.ts';
import { Property } from './properties.ts';

const M = CONTACT_MESSAGES;

/** A one-line field (name, subject): no control or bidi characters. */
const requiredLine = (max: number, required: string, tooLong: string) =>
  singleLineText(M.invisibleCharacters, { error: required }).trim().min(1, required).max(max, tooLong);

/** A message: line breaks kept, no other control or bidi characters. */
const requiredMessage = (max: number, tooLong: string) =>
  multiLineText(M.invisibleCharacters, { error: M.messageRequired }).trim().min(1, M.messageRequired).max(max, tooLong);

/** The spec's "standard pattern": something@something.tld, no spaces. */
// The top-level domain holds no dot, so the last dot is the only place the two parts can meet (no backtracking).
export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

const contactEmail = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(CONTACT_LIMITS.email, M.emailTooLong)
  .regex(CONTACT_EMAIL_PATTERN, M.emailInvalid)
  .transform((e) => e.toLowerCase());

/** POST /api/contact-us: all four fields required (spec, Contact validation). */
export const ContactRequest = z.object({
  name: requiredLine(CONTACT_LIMITS.name, M.nameRequired, M.nameTooLong),
  email: contactEmail,
  subject: requiredLine(CONTACT_LIMITS.subject, M.subjectRequired, M.subjectTooLong),
  message: requiredMessage(CONTACT_LIMITS.message, M.messageTooLong),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** POST /api/property/{id}/inquiry: a visitor's message to a listing's owner. */
export const InquiryRequest = z.object({
  name: requiredLine(CONTACT_LIMITS.name, M.nameRequired, M.nameTooLong),
  email: contactEmail,
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, M.phoneInvalid)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isPhoneNumber(v), M.phoneInvalid),
  message: requiredMessage(CONTACT_LIMITS.inquiryMessage, M.inquiryTooLong),
});
export type InquiryRequest = z.infer<typeof InquiryRequest>;

export const ContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessage>;
export const ContactMessageResponse = successEnvelope(ContactMessage);

/** An inquiry as its owner (and an admin) sees it. `property_id` is null once the listing is deleted. */
export const Inquiry = z.object({
  id: z.number().int(),
  property_id: z.number().int().nullable(),
  property_title: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  language: z.string(),
  created_at: z.string(),
  /** Lead tracking (docs/api.md "Owners"): new, contacted or closed, the owner's private note, when first answered. */
  status: z.enum(INQUIRY_STATUSES),
  note: z.string().nullable(),
  responded_at: z.string().nullable(),
});
export type Inquiry = z.infer<typeof Inquiry>;
export const InquiryResponse = successEnvelope(Inquiry);

/**
 * GET /api/user/inquiries?property_id=&page=&per_page= (bearer): the inquiries on the caller's
 * own listings, newest first. GET /api/user/properties items carry `inquiry_count`.
 */
export const UserInquiriesQuery = z.object({
  property_id: z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(INQUIRY_STATUSES, { error: `status must be one of: ${INQUIRY_STATUSES.join(', ')}` }).optional(),
  ),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserInquiriesQuery = z.infer<typeof UserInquiriesQuery>;

/** A lead in the owner's inbox: the inquiry plus the conversation it opened (ADR 034), null when none. */
export const LeadInquiry = Inquiry.extend({ conversation_id: z.number().int().nullable() });
export type LeadInquiry = z.infer<typeof LeadInquiry>;

export const InquiryPage = z.object({
  items: z.array(LeadInquiry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Across all the caller's inquiries (not only this filter): the sidebar badge shows `new`. */
  counts: z.object({
    new: z.number().int(),
    contacted: z.number().int(),
    closed: z.number().int(),
    /** Leads whose sender the owner blocked in the conversation. */
    spam: z.number().int(),
  }),
  /** Median minutes from an inquiry to the owner's first answer (status moved on from new); null before any. */
  median_response_minutes: z.number().int().nullable(),
});
export type InquiryPage = z.infer<typeof InquiryPage>;
export const InquiryPageResponse = successEnvelope(InquiryPage);

/** Where the owner's text edit of an approved listing stands (ADR 017, M5): waiting for review, or refused. */
export const TEXT_EDIT_STATES = ['pending', 'rejected'] as const;

/**
 * The owner's text edit of an approved listing as its owner sees it (ADR 017, M5). `pending`: the new title and/or
 * description (null where unchanged) wait for an admin while visitors see the approved text (`title`, `description`
 * of the listing). `rejected`: the last such edit an admin refused, with their reason (`note`); the approved text
 * stayed. Null when no edit waits and none was refused since the owner's last text edit.
 */
export const OwnTextEdit = z.object({
  state: z.enum(TEXT_EDIT_STATES),
  title: z.string().nullable(),
  description: z.string().nullable(),
  submitted_at: z.string(),
  /** The admin's reason for refusing it; null while it waits. */
  note: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type OwnTextEdit = z.infer<typeof OwnTextEdit>;

/** An item of GET /api/user/properties: the owner's listing with how many inquiries it has had. */
export const OwnProperty = Property.extend({
  inquiry_count: z.number().int(),
  /** Moderation (ADR 017): pending listings wait for an admin; `review_note` is the admin's reason for a rejection. */
  review: z.enum(REVIEW_STATES),
  review_reasons: z.array(z.string()),
  review_note: z.string().nullable(),
  text_edit: OwnTextEdit.nullable(),
});
export type OwnProperty = z.infer<typeof OwnProperty>;
export const OwnPropertyListResponse = successEnvelope(z.array(OwnProperty));
/** POST /api/property answers 201 with the new listing as its owner sees it. */
export const OwnPropertyResponse = successEnvelope(OwnProperty);
