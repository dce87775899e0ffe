import { describe, expect, it } from 'vitest';
import { summaryParts } from '../../../lib/search-summary';
import { hasExtraFilters, readExtraFilters } from './ExtraFilters';

describe('"Verified listings only" filter', () => {
  it('is read from the form as verified=1, and only when ticked', () => {
    const ticked = new FormData();
    ticked.set('verified', '1');
    expect(readExtraFilters(ticked).filters.verified).toBe('1');
    expect(hasExtraFilters(readExtraFilters(ticked).filters)).toBe(true);
    const plain = new FormData();
    expect(readExtraFilters(plain).filters.verified).toBeUndefined();
    expect(hasExtraFilters(readExtraFilters(plain).filters)).toBe(false);
  });

  it('is named in the search summary as a chip that removes it', () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof summaryParts>[1];
    const parts = summaryParts(new URLSearchParams('verified=1'), t, 'en');
    expect(parts).toContainEqual(expect.objectContaining({ label: 'summary.verified', params: ['verified'] }));
  });
});
