import type { ReactNode } from 'react';
import { Link, useNavigate } from '../../i18n/localized-router';
import { ChevronLeft, ChevronRight } from './icons';
import { PageJump } from './PageJump';
import { hasGap, pageItems } from './page-items';

export interface LinkPagerLabels {
  /** The navigation's accessible name ("Pages"). */
  nav: string;
  previous: string;
  next: string;
  /** A page link's accessible name ("Page 02"). */
  page: (page: number) => string;
  /** Read out when the page changes ("Page 2 of 5"). */
  status: (page: number, pageCount: number) => string;
}

type Props = {
  page: number;
  pageCount: number;
  /** The address of a page (a query string such as `?page=2`): the pager is made of links, so it works without JavaScript. */
  hrefFor: (page: number) => string;
  /** Called when a page's link is followed (to bring the results into view). */
  onPage?: (page: number) => void;
  /** The wording, from the caller's namespace. */
  labels: LinkPagerLabels;
  /** How a page number shows (as is unless given). */
  formatPage?: (page: number) => string;
};

const button =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-1.5 text-sm font-semibold transition-colors sm:h-10 sm:min-w-10 sm:px-3';

/**
 * Previous, the first page, the current page and its neighbours, the last page, next; a gap (…) where pages are left
 * out, and then a small GET form to go to any page. Nothing for a single page, nor for a page past the last one: the
 * screen should offer the way back rather than "Page 21 of 20". (Pager is the one with buttons.)
 */
export function LinkPager({ page, pageCount, hrefFor, onPage, labels, formatPage = String }: Props) {
  const navigate = useNavigate();
  if (pageCount <= 1 || page > pageCount) return null;
  const items = pageItems(page, pageCount);
  const step = (to: number, label: string, icon: ReactNode, isDisabled: boolean) =>
    isDisabled ? (
      // Nothing to go to on the first or last page: the arrow keeps the pager's shape but is no link.
      <span aria-hidden="true" className={`${button} border-slate-300 bg-white text-slate-700 opacity-40`}>
        {icon}
      </span>
    ) : (
      <Link
        to={hrefFor(to)}
        preventScrollReset
        onClick={() => onPage?.(to)}
        aria-label={label}
        className={`${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
      >
        {icon}
      </Link>
    );
  const jump = (to: number) => {
    navigate(hrefFor(to), { preventScrollReset: true });
    onPage?.(to);
  };
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <nav aria-label={labels.nav} className="flex items-center justify-center gap-1 sm:gap-2">
        {step(page - 1, labels.previous, <ChevronLeft className="size-4" aria-hidden="true" />, page <= 1)}
        {items.map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by their place.
            <span key={`gap-${i}`} aria-hidden="true" className="w-4 text-center text-slate-500 sm:w-6">
              …
            </span>
          ) : (
            <Link
              key={p}
              to={hrefFor(p)}
              preventScrollReset
              className={`${button} ${
                p === page
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
              onClick={() => onPage?.(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={labels.page(p)}
            >
              {formatPage(p)}
            </Link>
          ),
        )}
        {step(page + 1, labels.next, <ChevronRight className="size-4" aria-hidden="true" />, page >= pageCount)}
        <span className="sr-only" aria-live="polite">
          {labels.status(page, pageCount)}
        </span>
      </nav>
      {hasGap(items) ? (
        <PageJump pageCount={pageCount} onJump={jump} keep={new URLSearchParams(hrefFor(1).replace(/^\?/, ''))} />
      ) : null}
    </div>
  );
}
