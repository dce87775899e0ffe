import { ChevronLeft, ChevronRight } from './icons';
import { PageJump } from './PageJump';
import { hasGap, pageItems } from './page-items';

export interface PagerLabels {
  /** The navigation's accessible name ("Pages"). */
  nav: string;
  previous: string;
  next: string;
  /** "Page 2 of 5". */
  pageOf: (page: number, pageCount: number) => string;
}

/**
 * Server paging with buttons: previous, the first page, the current one and its neighbours, the last page, next, with
 * a gap (…) where pages are left out and then a small form to go to any page; nothing for a single page. The caller
 * passes the wording. (LinkPager is the pager made of links, for pages whose address holds the page.)
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
  const items = pageItems(page, pageCount);
  const button =
    'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40';
  const plain = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 sm:justify-end">
      <nav aria-label={labels.nav} className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={`${button} ${plain}`}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={labels.previous}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </button>
        {items.map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by their place.
            <span key={`gap-${i}`} aria-hidden="true" className="w-4 text-center text-slate-500">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`${button} ${p === page ? 'border-teal-700 bg-teal-700 text-white' : plain}`}
              aria-current={p === page ? 'page' : undefined}
              aria-label={labels.pageOf(p, pageCount)}
              onClick={() => (p === page ? undefined : onPage(p))}
            >
              {p}
            </button>
          ),
        )}
        <button
          type="button"
          className={`${button} ${plain}`}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
          aria-label={labels.next}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
        <span className="sr-only" aria-live="polite">
          {labels.pageOf(page, pageCount)}
        </span>
      </nav>
      {hasGap(items) ? <PageJump pageCount={pageCount} onJump={(p) => (p === page ? undefined : onPage(p))} /> : null}
    </div>
  );
}
