import { PropertyListQuery, type PropertyPage } from '@baan/contract';
import { describe, expect, it, vi } from 'vitest';
import { searchOrRefusal } from './search-refusal';

const EMPTY: PropertyPage = { items: [], total: 0, page: 1, per_page: 16 };
const FALLBACK = { page: 1, per_page: 16 };

/** The API's HttpError as the in-process page services throw it (apps/api/src/lib/errors.ts). */
class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

describe('searchOrRefusal', () => {
  it('searches a valid query as it is', async () => {
    const search = vi.fn(async () => EMPTY);
    const parsed = PropertyListQuery.safeParse({ station: 'bts-asok', within_m: '500', page: 1, per_page: 16 });
    expect(await searchOrRefusal(search, parsed, FALLBACK)).toEqual({ results: EMPTY, refused: null });
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ station: 'bts-asok', within_m: 500 }));
  });

  it('does not search contradicting filters: the contract’s message, and the listings without them', async () => {
    const search = vi.fn(async () => EMPTY);
    const parsed = PropertyListQuery.safeParse({ min_area: '90', max_area: '30', page: 1, per_page: 16 });
    const answer = await searchOrRefusal(search, parsed, FALLBACK);
    expect(answer.refused).toBe('Minimum area cannot be more than the maximum area.');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith(FALLBACK);
  });

  it('passes on the API’s 400 (a station it does not know) and searches without the filters', async () => {
    const search = vi
      .fn<(query: unknown) => Promise<PropertyPage>>()
      .mockRejectedValueOnce(new HttpError(400, 'There is no station with this id. Choose one from /api/stations.'))
      .mockResolvedValueOnce(EMPTY);
    const parsed = PropertyListQuery.safeParse({ station: 'bts-nowhere', page: 1, per_page: 16 });
    const answer = await searchOrRefusal(search, parsed, FALLBACK);
    expect(answer).toEqual({
      results: EMPTY,
      refused: 'There is no station with this id. Choose one from /api/stations.',
    });
    expect(search).toHaveBeenLastCalledWith(FALLBACK);
  });

  it('lets any other failure through (the page’s error screen)', async () => {
    const search = vi.fn(async () => {
      throw new HttpError(500, 'database down');
    });
    const parsed = PropertyListQuery.safeParse({ page: 1, per_page: 16 });
    await expect(searchOrRefusal(search, parsed, FALLBACK)).rejects.toThrow('database down');
  });
});
