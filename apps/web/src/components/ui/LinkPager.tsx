import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../i18n/localized-router';

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

/**
 * Previous, the current page and its neighbours, next. Nothing for a single page, nor for a page past the last one:
 * the screen should offer the way back rather than "Page 21 of 20". (Pager is the one with buttons.)
 */
export function LinkPager({ page, pageCount, hrefFor, onPage, labels, formatPage = String }: Props) {
  if (pageCount <= 1 || page > pageCount) return null;
  const pages = [page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount);
  const button =
    'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors';
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
  return (
    <nav aria-label={labels.nav} className="mt-10 flex items-center justify-center gap-2">
      {step(page - 1, labels.previous, <ChevronLeft className="size-4" aria-hidden="true" />, page <= 1)}
      {pages.map((p) => (
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
      ))}
      {step(page + 1, labels.next, <ChevronRight className="size-4" aria-hidden="true" />, page >= pageCount)}
      <span className="sr-only" aria-live="polite">
        {labels.status(page, pageCount)}
      </span>
    </nav>
  );
}
