import { describe, expect, it } from 'vitest';
import { formatAddress } from '../src/plugins/infra/mail.ts';

describe('formatAddress (the development outbox Reply-To)', () => {
  it('leaves plain names, Thai with its vowel marks included, unquoted', () => {
    expect(formatAddress({ name: "Somchai O'Neil-Jaidee", address: 'a@example.com' })).toBe(
      "Somchai O'Neil-Jaidee <a@example.com>",
    );
    expect(formatAddress({ name: 'สมชาย ใจดี', address: 'b@example.com' })).toBe('สมชาย ใจดี <b@example.com>');
  });

  it('quotes names with header punctuation and escapes quotes and backslashes inside', () => {
    expect(formatAddress({ name: 'Doe, "Jim"', address: 'c@example.com' })).toBe('"Doe, \\"Jim\\"" <c@example.com>');
    expect(formatAddress({ name: 'a\\b <x@evil>', address: 'd@example.com' })).toBe(
      '"a\\\\b <x@evil>" <d@example.com>',
    );
  });
});
