import type { ListingType, Property } from '@baan/contract';
import { isPositiveId, storedList } from './stored-list';

/** What the "Recently viewed" strip shows of a listing, kept in the browser (no request needed to show it). */
export interface RecentListing {
  id: number;
  title: string;
  price: number;
  cover: string | null;
  type: ListingType;
}

export const RECENTLY_VIEWED_KEY = 'baan.recentlyViewed';
/** At most this many, newest first. */
export const MAX_RECENTLY_VIEWED = 12;

function parse(value: unknown): RecentListing | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isPositiveId(v.id) || typeof v.title !== 'string' || typeof v.price !== 'number') return null;
  if (v.type !== 'sale' && v.type !== 'rent') return null;
  return {
    id: v.id,
    title: v.title,
    price: v.price,
    cover: typeof v.cover === 'string' ? v.cover : null,
    type: v.type,
  };
}

export const recentlyViewedList = storedList<RecentListing>(RECENTLY_VIEWED_KEY, parse, MAX_RECENTLY_VIEWED);

/** The narrowest photo of a srcset ("a.webp 320w, b.webp 640w"): the strip's tiles are small. */
function smallestPhoto(srcset: string | undefined): string | null {
  if (!srcset) return null;
  let best: { src: string; width: number } | null = null;
  for (const candidate of srcset.split(',')) {
    const [src, descriptor = ''] = candidate.trim().split(/\s+/);
    const width = Number.parseInt(descriptor, 10);
    if (src && Number.isFinite(width) && (!best || width < best.width)) best = { src, width };
  }
  return best?.src ?? null;
}

/** Puts the listing first (once: an earlier view of it moves up), keeping the newest MAX_RECENTLY_VIEWED. */
export function recordView(
  property: Pick<Property, 'id' | 'title' | 'price' | 'cover_image' | 'type'> & { images?: Property['images'] },
): void {
  const entry: RecentListing = {
    id: property.id,
    title: property.title,
    price: property.price,
    cover: smallestPhoto(property.images?.[0]?.srcset) ?? property.cover_image,
    type: property.type,
  };
  const rest = recentlyViewedList.read().filter((item) => item.id !== property.id);
  recentlyViewedList.write([entry, ...rest].slice(0, MAX_RECENTLY_VIEWED));
}

export function clearRecentlyViewed(): void {
  recentlyViewedList.write([]);
}

export function useRecentlyViewed(): readonly RecentListing[] {
  return recentlyViewedList.useList();
}
