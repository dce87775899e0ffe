import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@baan/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './messages';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction<'contact'>;

describe('describeFailure: the connection check (ADR 019)', () => {
  it('says the check did not pass, in the person’s language, for a challenge the client could not answer', () => {
    for (const [status, code, message] of [
      [400, AUTH_ERROR_CODES.challengeInvalid, AUTH_MESSAGES.challengeInvalid],
      [429, AUTH_ERROR_CODES.challengeRequired, AUTH_MESSAGES.challengeRequired],
    ] as const) {
      expect(describeFailure(t, { status, code, message }, ['name'])).toEqual({
        kind: 'message',
        message: 'errors.connectionCheck',
      });
    }
    // A plain limit keeps its own message.
    expect(
      describeFailure(t, { status: 429, message: 'Too many attempts. Please try again in 5 minutes.' }, ['name']),
    ).toEqual({ kind: 'message', message: 'errors.tooMany {"minutes":5}' });
  });
});
