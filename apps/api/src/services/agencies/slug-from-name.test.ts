import { describe, expect, it } from 'vitest';
import { slugFromName } from './agencies.ts';

describe('slugFromName', () => {
  it('joins the ASCII words of the name with single hyphens, none at either end', () => {
    expect(slugFromName('  Siam -- Homes & Co. ')).toBe('siam-homes-co');
    expect(slugFromName('Café Réal Estate')).toBe('cafe-real-estate');
  });

  it('falls back to "agency" when fewer than 3 ASCII characters are left (a Thai name)', () => {
    expect(slugFromName('บ้านสวย')).toBe('agency');
    expect(slugFromName('A1')).toBe('agency');
  });

  it('stays within 50 characters at a word boundary, and a long run of separators costs nothing', () => {
    const slug = slugFromName(`${'bangkok property '.repeat(10)}`);
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('bangkok-property-bangkok')).toBe(true);
    expect(slugFromName(`x${'-'.repeat(100_000)}y`)).toBe('x-y');
    expect(slugFromName('z'.repeat(80))).toBe('z'.repeat(50));
  });
});
