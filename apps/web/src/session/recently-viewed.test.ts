import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeProperty } from '../test/properties';
import {
  clearRecentlyViewed,
  MAX_RECENTLY_VIEWED,
  RECENTLY_VIEWED_KEY,
  recentlyViewedList,
  recordView,
} from './recently-viewed';

describe('recently viewed (browser storage)', () => {
  it('keeps the newest first, once each: viewing a listing again moves it to the front', () => {
    recordView(makeProperty(1));
    recordView(makeProperty(2, { type: 'sale', price: 3_000_000 }));
    recordView(makeProperty(3));
    recordView(makeProperty(1, { title: 'Listing 1, renamed' }));
    expect(recentlyViewedList.read().map((item) => item.id)).toEqual([1, 3, 2]);
    expect(recentlyViewedList.read()[0]).toEqual({
      id: 1,
      title: 'Listing 1, renamed',
      price: 25_000,
      cover: null,
      type: 'rent',
    });
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]')).toHaveLength(3);
  });

  it(`keeps at most ${MAX_RECENTLY_VIEWED}, dropping the oldest`, () => {
    expect(MAX_RECENTLY_VIEWED).toBe(12);
    for (let id = 1; id <= 15; id += 1) recordView(makeProperty(id));
    expect(recentlyViewedList.read().map((item) => item.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
  });

  it('stores the smallest photo of the cover for the strip, and forgets everything on clear', () => {
    recordView(
      makeProperty(4, {
        cover_image: '/uploads/a-1280.webp',
        images: [
          {
            id: 1,
            image_path: '/uploads/a-1280.webp',
            width: 1280,
            height: 853,
            srcset: '/uploads/a-640.webp 640w, /uploads/a-320.webp 320w, /uploads/a-1280.webp 1280w',
          },
        ],
      }),
    );
    expect(recentlyViewedList.read()[0]?.cover).toBe('/uploads/a-320.webp');
    clearRecentlyViewed();
    expect(recentlyViewedList.read()).toEqual([]);
    expect(localStorage.getItem(RECENTLY_VIEWED_KEY)).toBe('[]');
  });

  it('skips stored entries that are not listings', () => {
    localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([{ id: 5, title: 'Kept', price: 1, cover: null, type: 'sale' }, { id: 'x' }, null, 'text']),
    );
    expect(recentlyViewedList.read().map((item) => item.title)).toEqual(['Kept']);
  });
});

function Probe() {
  return createElement('p', null, `viewed: ${recentlyViewedList.useList().length}`);
}

describe('recently viewed on the server', () => {
  it('renders nothing stored on the server (and while hydrating): the HTML is the same for everyone', () => {
    recordView(makeProperty(1));
    expect(renderToString(createElement(Probe))).toBe('<p>viewed: 0</p>');
  });
});
