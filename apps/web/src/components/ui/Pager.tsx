import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface PagerLabels {
  /** The navigation's accessible name ("Pages"). */
  nav: string;
  previous: string;
  next: string;
  /** "Page 2 of 5". */
  pageOf: (page: number, pageCount: number) => string;
}

/**
 * Server paging with buttons: previous, "page x of y", next; nothing for a single page. The caller passes the
 * wording. (LinkPager is the pager made of links, for pages whose address holds the page.)
 */
export function Pager({
  page,
  perPage,
  total,
  onPage,
  labels,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  labels: PagerLabels;
}) {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  if (pageCount <= 1) return null;
  const button =
    'inline-flex h-9 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={labels.nav} className="mt-4 flex items-center justify-between gap-2 sm:justify-end">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {labels.previous}
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        {labels.pageOf(page, pageCount)}
      </span>
      <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {labels.next}
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
