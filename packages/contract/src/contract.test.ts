import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelope, HealthResponse, isLanguage, LANGUAGE_TAGS, LANGUAGES, toFieldErrors } from './index.ts';

describe('envelope', () => {
  it('accepts a health answer and rejects one without payload', () => {
    expect(HealthResponse.safeParse({ success: true, payload: { db: 'ok', version: '1' } }).success).toBe(true);
    expect(HealthResponse.safeParse({ success: true }).success).toBe(false);
    expect(HealthResponse.safeParse({ success: false, payload: { db: 'ok', version: '1' } }).success).toBe(false);
    // The shared rate-limit store's state, only with REDIS_URL.
    for (const redis of ['ok', 'down'])
      expect(HealthResponse.safeParse({ success: true, payload: { db: 'ok', version: '1', redis } }).success).toBe(
        true,
      );
    expect(HealthResponse.safeParse({ success: true, payload: { db: 'ok', version: '1', redis: 'up' } }).success).toBe(
      false,
    );
  });

  it('requires a message on errors', () => {
    expect(ErrorEnvelope.safeParse({ success: false, message: 'Nope', errors: { email: ['Bad'] } }).success).toBe(true);
    expect(ErrorEnvelope.safeParse({ success: false }).success).toBe(false);
    expect(ErrorEnvelope.safeParse({ success: false, message: 'x', errors: { email: 'Bad' } }).success).toBe(false);
  });

  it('maps zod issues to per-field messages, nested paths joined by dots', () => {
    const schema = z.object({
      email: z.email('Enter a valid e-mail'),
      rooms: z.array(z.object({ type: z.string().min(1, 'Room type is required') })),
    });
    const result = schema.safeParse({ email: 'nope', rooms: [{ type: '' }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error.issues)).toEqual({
      email: ['Enter a valid e-mail'],
      'rooms.0.type': ['Room type is required'],
    });
  });

  it('puts whole-object issues under _', () => {
    const schema = z.object({ a: z.string() }).refine(() => false, 'Whole thing is wrong');
    const result = schema.safeParse({ a: 'x' });
    expect(result.success ? {} : toFieldErrors(result.error.issues)).toEqual({ _: ['Whole thing is wrong'] });
  });
});

describe('languages', () => {
  it('lists the seven interface languages with a tag each', () => {
    expect(LANGUAGES).toEqual(['en', 'th', 'zh', 'ja', 'my', 'ru', 'TW']);
    for (const lang of LANGUAGES) expect(LANGUAGE_TAGS[lang]).toMatch(/^[a-z]{2}(-[A-Z][a-z]{3})?$/);
  });

  it('recognises only those codes', () => {
    expect(isLanguage('TW')).toBe(true);
    expect(isLanguage('tw')).toBe(false);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
