import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pad2 } from '../lib/format';

type Props = {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
};

/**
 * Previous, the current page and its neighbours (two digits: 01, 02…), next. Nothing for a single page, nor for a
 * page past the last one: the screen offers the way back (ListPastEnd) rather than "Page 21 of 20".
 */
export function Pagination({ page, pageCount, onPage }: Props) {
  const { t } = useTranslation('listings');
  if (pageCount <= 1 || page > pageCount) return null;
  const pages = [page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount);
  const button =
    'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex items-center justify-center gap-2">
      <button
        type="button"
        className={`${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={`${button} ${
            p === page
              ? 'border-teal-700 bg-teal-700 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
          }`}
          onClick={() => onPage(p)}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('pagination.page', { page: pad2(p) })}
        >
          {pad2(p)}
        </button>
      ))}
      <button
        type="button"
        className={`${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        onClick={() => onPage(page + 1)}
        disabled={page >= pageCount}
        aria-label={t('pagination.next')}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
      <span className="sr-only" aria-live="polite">
        {t('pagination.status', { page, pageCount })}
      </span>
    </nav>
  );
}
