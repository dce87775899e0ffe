import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_RULES, passwordRules } from './account-values.ts';
import { NewPassword, RegisterRequest } from './accounts.ts';
import { ConfirmAccountDeletionRequest, PRIVACY_MESSAGES } from './privacy.ts';

describe('password rules (spec 5), one list for the forms and the API', () => {
  it('names each rule and whether it is met', () => {
    expect(passwordRules('abc')).toEqual([
      { key: 'ruleLength', isMet: false },
      { key: 'ruleLower', isMet: true },
      { key: 'ruleUpper', isMet: false },
      { key: 'ruleDigit', isMet: false },
      { key: 'ruleSpecial', isMet: false },
    ]);
    expect(passwordRules('Secret#Pass1').every((r) => r.isMet)).toBe(true);
    expect(PASSWORD_RULES).toHaveLength(5);
  });

  it('NewPassword refuses a password that misses a kind of character, with one message', () => {
    const issues = (password: string) => NewPassword.safeParse(password).error?.issues.map((i) => i.message) ?? [];
    expect(issues('password')).toEqual([AUTH_MESSAGES.passwordWeak]);
    expect(issues('Secret#Pass1')).toEqual([]);
    // A short or long one has its own message only.
    expect(issues('Ab1#')).toEqual([AUTH_MESSAGES.passwordTooShort]);
    expect(issues('a'.repeat(201))).toEqual([AUTH_MESSAGES.passwordTooLong]);
  });
});

describe('RegisterRequest consents', () => {
  const base = {
    name: 'Nok',
    email: 'nok@example.com',
    password: 'Secret#Pass1',
    password_confirmation: 'Secret#Pass1',
  };

  it('needs accept_terms: true, and takes an optional newsletter choice', () => {
    expect(RegisterRequest.safeParse({ ...base, accept_terms: true }).success).toBe(true);
    expect(RegisterRequest.safeParse({ ...base, accept_terms: true, newsletter: false }).success).toBe(true);
    for (const accept of [undefined, false, 'true', 1]) {
      const result = RegisterRequest.safeParse({ ...base, accept_terms: accept });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['accept_terms', AUTH_MESSAGES.termsRequired],
      ]);
    }
  });
});

describe('ConfirmAccountDeletionRequest', () => {
  it('takes a link token of 32 to 64 URL-safe characters, with one message for anything else', () => {
    expect(ConfirmAccountDeletionRequest.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    for (const token of ['a'.repeat(31), 'a'.repeat(65), `${'a'.repeat(42)}/`, 'a'.repeat(5000)]) {
      const messages = ConfirmAccountDeletionRequest.safeParse({ token }).error?.issues.map((i) => i.message);
      expect(messages, token.slice(0, 10)).toEqual([PRIVACY_MESSAGES.linkInvalid]);
    }
    expect(ConfirmAccountDeletionRequest.safeParse({}).error?.issues[0]?.message).toBe(PRIVACY_MESSAGES.linkRequired);
  });
});
