/** A page number the pager shows, or a gap standing for the pages it leaves out. */
export type PageItem = number | 'gap';

/**
 * The pages a pager shows: the first and the last, the current one and its neighbours, with a gap where pages are
 * left out. A gap never hides a single page (that page is shown instead): 1 2 … 20, 1 2 3 4 5 … 20, 1 … 9 10 11 … 20.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(1, page), pageCount);
  const shown = new Set([1, pageCount, current - 1, current, current + 1]);
  const pages = [...shown].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

/** Whether the pager leaves pages out, so a way to type a page number helps. */
export const hasGap = (items: PageItem[]): boolean => items.includes('gap');

/** A typed page number within 1…pageCount (a number past the end is the last page), or undefined for no number. */
export function pageFromInput(text: string, pageCount: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  return Math.min(Math.max(1, Number(trimmed)), pageCount);
}
