/** The Set New Password form's rules (spec 5): length, lower, upper, digit and special character. */
export function passwordRules(password: string) {
  return [
    { key: 'ruleLength', isMet: password.length >= 8 },
    { key: 'ruleLower', isMet: /\p{Ll}/u.test(password) },
    { key: 'ruleUpper', isMet: /\p{Lu}/u.test(password) },
    { key: 'ruleDigit', isMet: /\p{Nd}/u.test(password) },
    { key: 'ruleSpecial', isMet: /[^\p{L}\p{N}\s]/u.test(password) },
  ] as const;
}
