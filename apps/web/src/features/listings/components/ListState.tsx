import { useEffect } from 'react';
import { AlertTriangle, ChevronLeft, SearchX } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { ApiError } from '../../../lib/api';

/** 'Invalid data format received' when the answer broke the contract, otherwise 'Failed to fetch properties'. */
export function ListError({ error }: { error: unknown }) {
  const { t } = useTranslation('listings');
  const isBadData = typeof error === 'object' && error !== null && (error as ApiError).status === 'PARSING_ERROR';
  useEffect(() => {
    // The spec logs the failure; the visitor sees a plain message.
    console.warn('listings request failed', error);
  }, [error]);
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="size-8 text-red-600" aria-hidden="true" />
      <p className="font-semibold text-red-800">{isBadData ? t('state.invalidData') : t('state.fetchFailed')}</p>
    </div>
  );
}

export function ListEmpty({ message }: { message?: string }) {
  const { t } = useTranslation('listings');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-6 py-10 text-center">
      <SearchX className="size-8 text-slate-500" aria-hidden="true" />
      <p className="font-semibold text-slate-700">{message ?? t('state.noProperties')}</p>
    </div>
  );
}

/**
 * An address past the last page (an old link, a hand-typed number, results that shrank): says so and offers the
 * last page, instead of an empty grid under "Page 21 of 20".
 */
export function ListPastEnd({
  page,
  lastPage,
  lastPageHref,
}: {
  page: number;
  lastPage: number;
  /** The last page's address (a link, so it works without JavaScript). */
  lastPageHref: string;
}) {
  const { t } = useTranslation('listings');
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 px-6 py-10 text-center"
    >
      <SearchX className="size-8 text-slate-500" aria-hidden="true" />
      <p className="font-semibold text-slate-700">{t('state.pastEnd', { page, lastPage })}</p>
      <Link
        to={lastPageHref}
        preventScrollReset
        className="inline-flex items-center gap-2 rounded-lg bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('state.toLastPage', { page: lastPage })}
      </Link>
    </div>
  );
}

/** Card-shaped placeholders while a page loads, so the grid does not jump when it arrives. */
export function ListLoading({ count, columns }: { count: number; columns: string }) {
  const { t } = useTranslation('listings');
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('state.loading')}</span>
      <div className={`grid gap-6 ${columns}`} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className="h-[175px] animate-pulse bg-slate-200" />
            <div className="space-y-3 p-4">
              <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-4/5 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
