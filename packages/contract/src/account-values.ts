// No zod here: the pages' forms and the API client read these on a page's first load without loading the schemas
// (accounts.ts builds its schemas on them).

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
export const hasEveryCharacterKind = (password: string) =>
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
  /**
   * 429 at /user/phone/send-code: the budget of verification SMS to the number's country (calling code) is spent
   * for this hour or day (ADR 056); `Retry-After` says when the window ends. A code already sent still works.
   */
  smsBudgetSpent: 'sms_budget_spent',
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
