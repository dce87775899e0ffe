import type { Property, PropertyListParams } from '@baan/contract';

/** The spec's "first 8, then the rest" (section 4): 8 listings, then one "Show more" shows all the others. */
export const FIRST = 8;
/**
 * The rest arrives in server pages of this size, the next one as the visitor scrolls near the end, so "all the
 * others" stays cheap with thousands of listings. A multiple of FIRST: page 1 of a source starts with the items
 * already shown, which are skipped.
 */
export const CHUNK = 96;

/** One search, or two shown one after the other (featured first, then the rest). */
export type Sources = [PropertyListParams] | [PropertyListParams, PropertyListParams];

export type Chunk = { params: PropertyListParams; page: number; skip: number };

/** The server pages holding everything after the first FIRST listings, in order. */
export function restChunks(sources: Sources, totals: number[]): Chunk[] {
  const chunks: Chunk[] = [];
  let shownFirst = 0;
  sources.forEach((params, i) => {
    const total = totals[i] ?? 0;
    // How many of this source's listings are among the first FIRST.
    const skip = Math.min(total, FIRST - shownFirst);
    shownFirst += skip;
    for (let page = 1; (page - 1) * CHUNK < total; page++) {
      const pageSkip = Math.max(0, skip - (page - 1) * CHUNK);
      if (Math.min(total, page * CHUNK) - (page - 1) * CHUNK > pageSkip) chunks.push({ params, page, skip: pageSkip });
    }
  });
  return chunks;
}

/** The first FIRST listings of the sources, in order, with each source's total (what a page's loader returns). */
export interface FirstListings {
  items: Property[];
  totals: number[];
}

/** A loader's first FIRST: each source's first page (of FIRST), one after the other. */
export function firstListings(pages: { items: Property[]; total: number }[]): FirstListings {
  return { items: pages.flatMap((p) => p.items).slice(0, FIRST), totals: pages.map((p) => p.total) };
}
