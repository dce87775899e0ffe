import { z } from 'zod';
import {
  AUTH_MESSAGES,
  hasEveryCharacterKind,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-values.ts';
import { successEnvelope } from './envelope.ts';
import { isPhoneNumber, singleLineText } from './input.ts';

const M = AUTH_MESSAGES;

/** A person's name: one line, no control or bidi characters. */
const PersonName = singleLineText(M.nameInvalid, { error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(200, M.nameTooLong);

export const Email = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(320, M.emailTooLong)
  .pipe(z.email(M.emailInvalid))
  .transform((e) => e.toLowerCase());

/** A new password: at least 8 characters and every PASSWORD_RULES kind. Not trimmed: spaces are allowed and kept. */
export const NewPassword = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  // Said only of a password of a fitting length (a shorter or longer one has its own message).
  .refine(
    (password) =>
      password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH || hasEveryCharacterKind(password),
    M.passwordWeak,
  );

const Confirmation = z.string({ error: M.confirmRequired }).min(1, M.confirmRequired);

const matching = <T extends { password: string; password_confirmation: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password_confirmation && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.passwordsDontMatch });
  }
};

export const RegisterRequest = z
  .object({
    name: PersonName,
    email: Email,
    password: NewPassword,
    password_confirmation: Confirmation,
    // The profile's rule (isPhoneNumber: digits and separators only, so no hidden character passes), bounded first.
    phone_number: z
      .string({ error: M.phoneInvalid })
      .max(40, { message: M.phoneTooLong, abort: true })
      .trim()
      .refine((value) => value === '' || isPhoneNumber(value), M.phoneInvalid)
      .optional(),
    /** PDPA: the person agrees to the Terms of Use and the privacy notice (recorded with PRIVACY_NOTICE_VERSION). */
    accept_terms: z.literal(true, { error: M.termsRequired }),
    /** Optional, separate consent to the newsletter (recorded and subscribed when true). */
    newsletter: z.boolean({ error: M.newsletterInvalid }).optional(),
  })
  .superRefine(matching);
export type RegisterRequest = z.infer<typeof RegisterRequest>;
export type RegisterRequestInput = z.input<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(320, M.emailTooLong)
    .transform((e) => e.toLowerCase()),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(1000, M.passwordTooLong),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const OtpType = z.enum(['register', 'forgot_password'], { error: M.typeInvalid });
export type OtpType = z.infer<typeof OtpType>;

export const ResendOtpRequest = z.object({ email: Email, type: OtpType });
export type ResendOtpRequest = z.infer<typeof ResendOtpRequest>;

export const OtpCode = z
  .string({ error: M.fullOtpRequired })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.fullOtpRequired);

export const VerifyOtpRequest = z.object({
  email: Email,
  otp: OtpCode,
  type: OtpType,
  /** Sent by the registration screen (spec 7); not used by the server. */
  phone_number: z.string().max(40).optional(),
});
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequest>;

export const NewPasswordRequest = z
  .object({
    email: Email,
    password: NewPassword,
    password_confirmation: Confirmation,
    verification_token: z.string({ error: M.missingToken }).trim().min(1, M.missingToken).max(200, M.missingToken),
  })
  .superRefine(matching);
export type NewPasswordRequest = z.infer<typeof NewPasswordRequest>;

/** LINE IDs as LINE allows them: 4–20 of a–z, 0–9, `.`, `-`, `_`; an official account's starts with `@`. */
export const LINE_ID_PATTERN = /^@?[a-z0-9._-]{4,20}$/;

/**
 * An owner's contact detail shown on their listings: absent leaves it as it is, an empty string removes it.
 * `check` is the rule for a non-empty value (its pattern bounds the length too).
 */
const contactDetail = (message: string, check: (value: string) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || check(value), message)
    .optional();

/** The profile as the settings form sends it: the name, and the mobile number and LINE ID its listings show. */
export const UpdateNameRequest = z.object({
  name: PersonName,
  phone_number: contactDetail(M.phoneInvalid, isPhoneNumber),
  line_id: contactDetail(M.lineIdInvalid, (value) => LINE_ID_PATTERN.test(value.toLowerCase())).transform((value) =>
    value?.toLowerCase(),
  ),
});
export type UpdateNameRequest = z.infer<typeof UpdateNameRequest>;

export const ChangePasswordRequest = z
  .object({
    current_password: z.string({ error: M.currentPasswordRequired }).min(1, M.currentPasswordRequired).max(1000),
    new_password: NewPassword,
    new_password_confirmation: Confirmation,
  })
  .superRefine((value, ctx) => {
    if (value.new_password_confirmation && value.new_password !== value.new_password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: M.passwordsDontMatch });
    }
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const SubscriptionSummary = z.object({
  is_active: z.union([z.literal(0), z.literal(1)]),
  package_id: z.number().int().nullable(),
  ends_at: z.string().nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

/** The user as every account call returns it: no secrets. */
export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: Role,
  company_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  /** What the owner's listings show for "Call now" and the LINE button (settings); null when not given. */
  phone_number: z.string().nullable(),
  /** 1 when `phone_number` was proved by an SMS code (POST /api/user/phone/verify; ADR 036), else 0. */
  phone_verified: z.union([z.literal(0), z.literal(1)]),
  line_id: z.string().nullable(),
  subscription: SubscriptionSummary,
});
export type User = z.infer<typeof User>;

export const LoginPayload = z.object({ user: User, token: z.string() });
export type LoginPayload = z.infer<typeof LoginPayload>;

export const UserResponse = successEnvelope(User);
export const LoginResponse = successEnvelope(LoginPayload);
export const VerifyOtpResponse = successEnvelope(z.union([z.string(), z.null()]));

/** POST /api/update/profile as JSON: a new name, or a password change (told apart by the password fields). */
export const UpdateProfileRequest = z.union([UpdateNameRequest, ChangePasswordRequest]);
/** POST /api/update/profile as multipart/form-data: a new name, a new profile image (JPEG, PNG or GIF), or both. */
export const ProfileImageForm = UpdateNameRequest.pick({ name: true })
  .partial()
  .extend({ profile_image: z.file().optional() });

/** The updated user; after a password change also a fresh `token`, since the older ones stop working. */
export const UpdatedProfile = User.extend({ token: z.string().optional() });
export type UpdatedProfile = z.infer<typeof UpdatedProfile>;
export const UpdatedProfileResponse = successEnvelope(UpdatedProfile);
