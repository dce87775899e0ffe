/**
 * Public agent profiles (docs/api.md "Agents, agencies, verification"; ADR 029). Wire names are binding.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { multiLineText, singleLineText } from './input.ts';
import { LANGUAGES } from './languages.ts';
import { LISTING_TYPES, MAX_PER_PAGE } from './listing-values.ts';
import { englishNumber } from './number-text.ts';
import { PROJECT_SLUG_PATTERN } from './project-values.ts';

/** Bounds of what people type about themselves on their public page. */
export const AGENT_LIMITS = {
  slugMin: 3,
  slug: 60,
  company: 200,
  areas: 10,
  area: 80,
  licence: 40,
  about: 2000,
} as const;

/** An agent's address is a slug like a project's: lower-case ASCII letters, digits and single hyphens. */
export const AGENT_SLUG_PATTERN = PROJECT_SLUG_PATTERN;
/** A licence number: letters, digits, spaces, dots, slashes and hyphens (character class only: linear). */
export const LICENCE_PATTERN = /^[A-Za-z0-9./ -]+$/;

/** Response figures (response rate, median answer time) need at least this many inquiries in the window. */
export const MIN_INQUIRIES_FOR_FIGURES = 5;
/** The window of closed_12m and of the response figures, in months. */
export const AGENT_FIGURES_MONTHS = 12;
export const AGENT_LISTINGS_PER_PAGE = 12;

/** Every message the public-profile calls answer with; the web app translates them by key. */
export const AGENT_MESSAGES = {
  notFound: 'There is no public profile at this address.',
  slugInvalid: `The address must be ${AGENT_LIMITS.slugMin} to ${AGENT_LIMITS.slug} lower-case letters (a–z), digits and single hyphens.`,
  slugTaken: 'Another profile already uses this address.',
  slugRequired: 'Choose an address for your public page before publishing it.',
  publicInvalid: 'public must be true or false.',
  companyInvalid: `Company must be text of at most ${AGENT_LIMITS.company} characters without control characters.`,
  languagesInvalid: `Languages must be chosen from: ${LANGUAGES.join(', ')}.`,
  areasInvalid: `Areas must be a list of at most ${AGENT_LIMITS.areas} places, each at most ${AGENT_LIMITS.area} characters.`,
  licenceInvalid: `The licence number may hold letters, digits, spaces, dots, slashes and hyphens (at most ${AGENT_LIMITS.licence} characters).`,
  aboutInvalid: `About must be text of at most ${AGENT_LIMITS.about} characters without control characters.`,
  saved: 'Your public profile is saved.',
} as const;

/** A blank string (or null) clears an optional text. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const M = AGENT_MESSAGES;

/** PATCH /api/user/profile/public (Bearer): any subset. `public` and `company_name` are Baan's additions. */
export const UpdatePublicProfileRequest = z.object({
  slug: z
    .string({ error: M.slugInvalid })
    .trim()
    .min(AGENT_LIMITS.slugMin, M.slugInvalid)
    .max(AGENT_LIMITS.slug, M.slugInvalid)
    .regex(AGENT_SLUG_PATTERN, M.slugInvalid)
    .optional(),
  public: z.boolean({ error: M.publicInvalid }).optional(),
  company_name: z.preprocess(
    blankToNull,
    singleLineText(M.companyInvalid, { error: M.companyInvalid })
      .trim()
      .max(AGENT_LIMITS.company, M.companyInvalid)
      .nullable()
      .optional(),
  ),
  languages: z
    .array(z.enum(LANGUAGES, { error: M.languagesInvalid }), { error: M.languagesInvalid })
    .max(LANGUAGES.length * 2, M.languagesInvalid)
    .transform((codes) => LANGUAGES.filter((code) => codes.includes(code)))
    .optional(),
  areas: z
    .array(
      singleLineText(M.areasInvalid, { error: M.areasInvalid })
        .trim()
        .min(1, M.areasInvalid)
        .max(AGENT_LIMITS.area, M.areasInvalid),
      { error: M.areasInvalid },
    )
    .max(AGENT_LIMITS.areas, M.areasInvalid)
    .transform((areas) => [...new Set(areas)])
    .optional(),
  licence_number: z.preprocess(
    blankToNull,
    z
      .string({ error: M.licenceInvalid })
      .max(AGENT_LIMITS.licence, M.licenceInvalid)
      .trim()
      .regex(LICENCE_PATTERN, M.licenceInvalid)
      .nullable()
      .optional(),
  ),
  about: z.preprocess(
    blankToNull,
    multiLineText(M.aboutInvalid, { error: M.aboutInvalid })
      .max(AGENT_LIMITS.about, M.aboutInvalid)
      .trim()
      .nullable()
      .optional(),
  ),
});
export type UpdatePublicProfileRequest = z.output<typeof UpdatePublicProfileRequest>;

/** The owner's own public profile (PATCH and GET /api/user/profile/public). */
export const PublicProfile = z.object({
  slug: z.string().nullable(),
  public: z.union([z.literal(0), z.literal(1)]),
  company_name: z.string().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  areas: z.array(z.string()),
  licence_number: z.string().nullable(),
  licence_verified: z.union([z.literal(0), z.literal(1)]),
  about: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** GET /api/agents/{slug}: what anyone may see. Never an e-mail address or a phone number. */
export const AgentProfile = z.object({
  slug: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  areas: z.array(z.string()),
  licence_number: z.string().nullable(),
  licence_verified: z.union([z.literal(0), z.literal(1)]),
  /** 1 when the agent's phone number was proved by an SMS code (POST /api/user/phone/verify; ADR 036). */
  phone_verified: z.union([z.literal(0), z.literal(1)]),
  about: z.string().nullable(),
  /** When the account was created (ISO). */
  member_since: z.string(),
  listings_active: z.number().int(),
  /** Listings marked sold or rented whose last change is within the last 12 months. */
  closed_12m: z.number().int(),
  /** Of the inquiries received in the last 12 months, the per cent answered; null under 5 inquiries. */
  response_rate_pct: z.number().int().nullable(),
  /** Median minutes from an inquiry to its first answer (same inquiries); null under 5 inquiries or none answered. */
  median_response_minutes: z.number().int().nullable(),
  /** The agency the agent belongs to (ADR 037), or null. */
  agency: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type AgentProfile = z.infer<typeof AgentProfile>;

/** An agent's slug in a path: anything else names no profile (404). */
export const AgentSlugParams = z.object({
  slug: z.string({ error: M.notFound }).max(AGENT_LIMITS.slug, M.notFound).regex(AGENT_SLUG_PATTERN, M.notFound),
});
export type AgentSlugParams = z.infer<typeof AgentSlugParams>;

const wholeNumber = (label: string, min: number, max: number, fallback: number) => {
  const message = `${label} must be a whole number from ${min} to ${englishNumber(max)}.`;
  return z
    .preprocess(
      (value) => {
        if (value === undefined || value === '') return fallback;
        if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return Number(value.trim());
        return value;
      },
      z.number({ error: message }).int(message).min(min, message).max(max, message),
    )
    .default(fallback);
};

/** GET /api/agents/{slug}/listings: the agent's active listings, newest first. */
export const AgentListingsQuery = z.object({
  type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(LISTING_TYPES, { error: `Type must be one of: ${LISTING_TYPES.join(', ')}.` }).optional(),
  ),
  page: wholeNumber('Page', 1, 1_000_000, 1),
  per_page: wholeNumber('Per page', 1, MAX_PER_PAGE, AGENT_LISTINGS_PER_PAGE),
});
export type AgentListingsQuery = z.output<typeof AgentListingsQuery>;

export const AgentProfileResponse = successEnvelope(AgentProfile);
export const PublicProfileResponse = successEnvelope(PublicProfile);
