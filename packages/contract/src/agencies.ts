/**
 * Agencies (docs/api.md "Agents, agencies, verification", issue 25 item 2; ADR 037). Wire names are binding; the
 * admin's views (GET /api/user/agency, GET /api/agencies/{slug}/listings and /leads) are Baan's additions
 * (docs/api-additions.md).
 */
import { z } from 'zod';
import { Email } from './accounts.ts';
import { LeadInquiry, OwnProperty } from './contact.ts';
import { successEnvelope } from './envelope.ts';
import { multiLineText, RecordId, singleLineText } from './input.ts';
import { INQUIRY_STATUSES, MAX_PER_PAGE } from './listing-values.ts';
import { PROJECT_SLUG_PATTERN } from './project-values.ts';

export const AGENCY_ROLES = ['agent', 'admin'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

export const AGENCY_LIMITS = {
  nameMin: 2,
  name: 120,
  about: 2000,
  slug: 60,
  /** The mailed token: 32 random bytes in base64url are 43 characters. */
  token: 100,
} as const;

/** How long a mailed invitation may be accepted. */
export const AGENCY_INVITATION_DAYS = 7;

export const AGENCY_MESSAGES = {
  notFound: 'There is no agency at this address.',
  nameInvalid: `The agency's name must be ${AGENCY_LIMITS.nameMin} to ${AGENCY_LIMITS.name} characters without control characters.`,
  aboutInvalid: `About must be text of at most ${AGENCY_LIMITS.about} characters without control characters.`,
  roleInvalid: `The role must be one of: ${AGENCY_ROLES.join(', ')}.`,
  tokenInvalid: 'This invitation link is not valid, was already used or has expired.',
  wrongInvitee: 'This invitation was sent to another e-mail address. Log in with that address to accept it.',
  alreadyMember: 'You already belong to an agency. Leave it before you join or create another one.',
  inviteeMember: 'This person already belongs to your agency.',
  notAdmin: "Only the agency's admin can do that.",
  memberNotFound: 'This person is not a member of your agency.',
  removeSelf: 'You cannot remove yourself from your own agency.',
  targetNotMember: 'Choose a member of your agency.',
  listingNotFound: 'There is no such listing in your agency.',
  leadNotFound: 'There is no such inquiry in your agency.',
  created: 'Your agency is created.',
  invited: 'The invitation is sent.',
  joined: 'You joined the agency.',
  removed: 'The member is removed; their listings are now yours.',
  assigned: 'Moved.',
  saved: 'The agency is saved.',
  invitationNotFound: 'There is no such invitation waiting in your agency.',
  withdrawn: 'The invitation is withdrawn; its link no longer works.',
} as const;
const M = AGENCY_MESSAGES;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** POST /api/agencies (Bearer): the caller becomes its admin. `about` is Baan's addition. */
export const CreateAgencyRequest = z.object({
  name: singleLineText(M.nameInvalid, { error: M.nameInvalid })
    .max(AGENCY_LIMITS.name * 2, { message: M.nameInvalid, abort: true })
    .trim()
    .min(AGENCY_LIMITS.nameMin, M.nameInvalid)
    .max(AGENCY_LIMITS.name, M.nameInvalid),
  about: z.preprocess(
    blankToNull,
    multiLineText(M.aboutInvalid, { error: M.aboutInvalid })
      .max(AGENCY_LIMITS.about, M.aboutInvalid)
      .trim()
      .nullable()
      .optional(),
  ),
});
export type CreateAgencyRequest = z.output<typeof CreateAgencyRequest>;

/** PATCH /api/agencies/{slug} (agency admin; Baan's addition): a new name or about text (null or blank clears it). */
export const UpdateAgencyRequest = CreateAgencyRequest.partial();
export type UpdateAgencyRequest = z.output<typeof UpdateAgencyRequest>;

/** POST /api/agencies/{slug}/invitations (agency admin). */
export const InviteMemberRequest = z.object({
  email: Email,
  role: z.enum(AGENCY_ROLES, { error: M.roleInvalid }),
});
export type InviteMemberRequest = z.output<typeof InviteMemberRequest>;

/** POST /api/agencies/invitations/accept (Bearer): the token from the mailed link. */
export const AcceptInvitationRequest = z.object({
  token: z
    .string({ error: M.tokenInvalid })
    .max(AGENCY_LIMITS.token, { message: M.tokenInvalid, abort: true })
    .regex(/^[A-Za-z0-9_-]{20,}$/, M.tokenInvalid),
});
export type AcceptInvitationRequest = z.output<typeof AcceptInvitationRequest>;

/** POST /api/property/{id}/assign and POST /api/user/inquiries/{id}/assign (agency admin). */
export const AssignRequest = z.object({
  user_id: z
    .number({ error: M.targetNotMember })
    .int(M.targetNotMember)
    .min(1, M.targetNotMember)
    .max(2_147_483_647, M.targetNotMember),
});
export type AssignRequest = z.output<typeof AssignRequest>;

/** An agency's slug in a path: anything else names no agency (404). */
export const AgencySlugParams = z.object({
  slug: z.string({ error: M.notFound }).max(AGENCY_LIMITS.slug, M.notFound).regex(PROJECT_SLUG_PATTERN, M.notFound),
});
export type AgencySlugParams = z.infer<typeof AgencySlugParams>;

export const AgencyMemberParams = AgencySlugParams.extend({ user_id: RecordId });
export type AgencyMemberParams = z.infer<typeof AgencyMemberParams>;
export const AgencyInvitationParams = AgencySlugParams.extend({ id: RecordId });

/** A member with a published profile, as the agency's public page lists them. */
export const AgentSummary = z.object({
  slug: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  licence_verified: z.union([z.literal(0), z.literal(1)]),
  listings_active: z.number().int(),
});
export type AgentSummary = z.infer<typeof AgentSummary>;

/** GET /api/agencies/{slug}: what anyone may see. Members without a published profile are not named. */
export const AgencyProfile = z.object({
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  about: z.string().nullable(),
  agents: z.array(AgentSummary),
  /** Visible listings of every member. */
  listings_active: z.number().int(),
});
export type AgencyProfile = z.infer<typeof AgencyProfile>;

/** POST /api/agencies → 201: the new agency. */
export const AgencyRef = z.object({ slug: z.string(), name: z.string() });
export type AgencyRef = z.infer<typeof AgencyRef>;

export const AgencyMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(AGENCY_ROLES),
  profile_slug: z.string().nullable(),
  listings_count: z.number().int(),
  joined_at: z.string(),
});
export type AgencyMember = z.infer<typeof AgencyMember>;

export const AgencyInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(AGENCY_ROLES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type AgencyInvitation = z.infer<typeof AgencyInvitation>;

/**
 * GET /api/user/agency (Bearer; Baan's addition): the caller's agency and role, or null; its admin also gets the
 * members and the invitations still waiting (not used, not expired).
 */
export const MyAgency = z.object({
  agency: AgencyRef.extend({ role: z.enum(AGENCY_ROLES), about: z.string().nullable() }).nullable(),
  members: z.array(AgencyMember),
  invitations: z.array(AgencyInvitation),
});
export type MyAgency = z.infer<typeof MyAgency>;

/** Who in the agency holds a listing or a lead (the admin's views). */
export const AgencyHolder = z.object({ user_id: z.number().int(), name: z.string() });

/** GET /api/agencies/{slug}/listings (agency admin): every member's listings, whatever their status. */
export const AgencyListing = OwnProperty.extend({ member: AgencyHolder });
export const AgencyListings = z.object({ items: z.array(AgencyListing) });
export type AgencyListings = z.infer<typeof AgencyListings>;

/** GET /api/agencies/{slug}/leads (agency admin): every member's leads, newest first. */
export const AgencyLeadsQuery = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(INQUIRY_STATUSES, { error: `status must be one of: ${INQUIRY_STATUSES.join(', ')}` }).optional(),
  ),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(20),
});
export type AgencyLeadsQuery = z.output<typeof AgencyLeadsQuery>;
export const AgencyLead = LeadInquiry.extend({ member: AgencyHolder });
export const AgencyLeads = z.object({
  items: z.array(AgencyLead),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AgencyLeads = z.infer<typeof AgencyLeads>;

export const AgencyProfileResponse = successEnvelope(AgencyProfile);
export const AgencyRefResponse = successEnvelope(AgencyRef);
export const MyAgencyResponse = successEnvelope(MyAgency);
export const AgencyInvitationResponse = successEnvelope(AgencyInvitation);
export const AgencyListingsResponse = successEnvelope(AgencyListings);
export const AgencyLeadsResponse = successEnvelope(AgencyLeads);
export const AssignedResponse = successEnvelope(z.object({ id: z.number().int(), user_id: z.number().int() }));
export const InvitationWithdrawnResponse = successEnvelope(z.object({ id: z.number().int() }));
export const MemberRemovedResponse = successEnvelope(
  z.object({ user_id: z.number().int(), listings_moved: z.number().int() }),
);
