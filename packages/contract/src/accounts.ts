import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { isPhoneNumber, singleLineText } from './input.ts';

/** Length of the e-mail codes (spec 9). */
export const OTP_LENGTH = 4;
/** The shortest new password (spec 5). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: long enough for any passphrase, short enough to hash cheaply. */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The rules of every new password (spec 5's Set New Password rules): sign-up, recovery and a change in settings.
 * The forms show them as a checklist (`auth:setPassword.<key>`); the API refuses a password that misses one.
 * Letters and digits of any script count (a Thai digit is a digit).
 */
export const PASSWORD_RULES = [
  { key: 'ruleLength', test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
  { key: 'ruleLower', test: (password: string) => /\p{Ll}/u.test(password) },
  { key: 'ruleUpper', test: (password: string) => /\p{Lu}/u.test(password) },
  { key: 'ruleDigit', test: (password: string) => /\p{Nd}/u.test(password) },
  { key: 'ruleSpecial', test: (password: string) => /[^\p{L}\p{N}\s]/u.test(password) },
] as const;
export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

/** Each rule and whether the password meets it, in the checklist's order. */
export function passwordRules(password: string): { key: PasswordRuleKey; isMet: boolean }[] {
  return PASSWORD_RULES.map(({ key, test }) => ({ key, isMet: test(password) }));
}

/** The character rules (lower, upper, digit, special); the length has its own messages. */
const hasEveryCharacterKind = (password: string) =>
  PASSWORD_RULES.every(({ key, test }) => key === 'ruleLength' || test(password));

/**
 * Messages the API answers with. The web app shows its own translation for the ones it knows and
 * the server's text otherwise; the spec's section 8 wording is kept where it gives one.
 */
export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields.',
  fillLogin: 'Please enter both email and password.',
  nameRequired: 'Name is required.',
  nameTooLong: 'The name is too long.',
  nameInvalid: 'The name contains invisible control characters. Please type it again.',
  emailRequired: 'E-mail is required.',
  emailInvalid: 'Please enter a valid e-mail address.',
  emailTooLong: 'That e-mail address is too long.',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordWeak: 'Use a lowercase and an uppercase letter, a number and a special character (such as ! # $ @).',
  confirmRequired: 'Please confirm your password.',
  passwordsDontMatch: 'Passwords do not match.',
  phoneTooLong: 'The mobile number is too long.',
  phoneInvalid: 'Please enter a phone number such as 081 234 5678 or +66 81 234 5678.',
  termsRequired: 'Please agree to the Terms of Use and the Privacy Policy to create an account.',
  newsletterInvalid: 'The newsletter choice must be true or false.',
  lineIdInvalid:
    'A LINE ID has 4 to 20 letters, digits, dots, hyphens or underscores (an official account’s starts with @).',
  fullOtpRequired: 'Please enter the full 4-digit OTP.',
  typeInvalid: 'The type must be register or forgot_password.',
  missingToken: 'Verification token is missing. Please verify OTP first.',
  fillBothPasswords: 'Please fill in both password fields.',
  allPasswordFieldsRequired: 'All password fields are required.',
  currentPasswordRequired: 'Current password is required.',
  invalidForm: 'Please correct the highlighted fields.',
  signupSuccess: 'Signup successful! Please verify your email.',
  emailTaken: 'An account with this e-mail already exists. Please log in.',
  loginSuccess: 'Login successful!',
  invalidCredentials: 'Invalid credentials. Please try again.',
  notVerified: 'Please verify your e-mail address before logging in. Enter the code we sent you, or ask for a new one.',
  disabled: 'This account has been disabled. Please contact support.',
  otpSent: 'If an account exists for this e-mail, we have sent it a new code.',
  invalidOtp: 'Invalid OTP. Please try again.',
  expiredOtp: 'This code has expired. Please ask for a new one.',
  voidedOtp: 'Too many wrong codes: this code no longer works. Please ask for a new one.',
  codeOtherNetwork:
    'For this account’s safety, a code now works only on the network where it was asked for. Please ask for a new code here.',
  otpVerified: 'Your e-mail address is verified. You can log in now.',
  otpVerifiedForReset: 'Code verified. Please choose a new password.',
  invalidResetToken: 'This password reset has expired or was already used. Please start again.',
  passwordResetSuccess: 'Password reset successfully!',
  profileUpdated: 'Profile updated successfully.',
  passwordChanged: 'Password changed successfully.',
  wrongCurrentPassword: 'The current password is incorrect.',
  samePassword: 'The new password must differ from the current one.',
  imageType: 'The profile image must be a JPEG, PNG or GIF file.',
  imageTooLarge: 'The profile image is too large (at most 50 MB).',
  imageUnreadable: 'The profile image could not be read. Please try another file.',
  loginRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  adminOnly: 'Only administrators may do that.',
  busy: 'The server is busy. Please try again in a few seconds.',
  challengeRequired:
    'Many requests came from your network just now, so your browser must first pass a short connection check. Please try again.',
  challengeInvalid:
    'The connection check did not pass: it was not valid for this network, had expired or was used already. Please try again.',
  loggedOut: 'You have been logged out.',
} as const;

/**
 * Stable `code`s in error envelopes, for clients that act on a case rather than show its message
 * (the message may be reworded; the code is not).
 */
export const AUTH_ERROR_CODES = {
  /** 403 at login: right password, e-mail not verified yet. The client can send a code and ask for it. */
  emailNotVerified: 'email_not_verified',
  /**
   * 429: someone has been trying this account, so a network it never proved itself on gets only a few
   * tries a day (ADR 019). The owner's first try from any network always gets through.
   */
  triesLimited: 'tries_limited',
  /** 429: this address was mailed several codes lately, whoever asked (ADR 019). */
  codeMailsCapped: 'code_mails_capped',
  /**
   * 429: this network sent a burst of the calls attackers flood; the answer carries a proof-of-work challenge
   * (`X-Challenge`, `X-Challenge-Bits`, challenge.ts) to solve and send with the request again (ADR 019).
   */
  challengeRequired: 'challenge_required',
  /** 400: the `X-Challenge-Solution` sent was forged, for another network, expired, already used or wrong. */
  challengeInvalid: 'challenge_invalid',
} as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The 429 of the account-wide ceilings (ADR 019); `TRIES_LIMITED` reads the hours back. */
export const triesLimitedMessage = (hours: number) =>
  `Someone has been trying to get into this account, so new networks get only a few tries a day. Please try again in ${plural(hours, 'hour')}, or from a network where you have logged in before.`;
export const TRIES_LIMITED =
  /^Someone has been trying to get into this account, so new networks get only a few tries a day\. Please try again in (\d+) hours?, or from a network where you have logged in before\.$/;

/**
 * The 429 of the cap on code mails per address (ADR 019), in minutes under two hours, else in hours;
 * `CODE_MAILS_CAPPED` reads the number and the unit back.
 */
export const codeMailsCappedMessage = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes < 120 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
  return `We have sent several codes to this address lately. Please use the newest one in your inbox, or ask again in ${wait}.`;
};
export const CODE_MAILS_CAPPED =
  /^We have sent several codes to this address lately\. Please use the newest one in your inbox, or ask again in (\d+) (minute|hour)s?\.$/;

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
