import { MAX_SAVED_SEARCHES, type SavedSearch } from '@baan/contract';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { BellRing, Play, Search, Trash2 } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link } from '../../../i18n/localized-router';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../../../lib/format-date';
import { useStationsById } from '../../../lib/stations';
import { toast } from '../../../lib/toast';
import { useDeleteSavedSearchMutation, useGetSavedSearchesQuery } from '../api/saved-searches-api';
import { savedSearchError } from '../lib/messages';
import { namesStation, summarize } from '../lib/summary';

/** /dashboard/saved-searches: each saved search with its filters, how often it mails, the last mail; run or delete. */
export function SavedSearchesPage() {
  const { t, i18n } = useTranslation('saved');
  const { data, isLoading, isError, refetch } = useGetSavedSearchesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [remove, { isLoading: isDeleting }] = useDeleteSavedSearchMutation();
  const stations = useStationsById(Boolean(data?.some((search) => namesStation(search.query))));
  const [pending, setPending] = useState<SavedSearch | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove(pending.id).unwrap();
      toast.success(t('manage.deleted'));
    } catch (error) {
      toast.error(savedSearchError(error, t, 'manage.deleteFailed'));
    }
    setPending(null);
    // The row (and its button) is gone: focus goes to the page's heading.
    headingRef.current?.focus();
  };

  return (
    <section aria-labelledby="saved-searches-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1
            id="saved-searches-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none"
          >
            {t('manage.title')}
          </h1>
          <p className="mt-1 text-slate-700">{t('manage.lead')}</p>
        </div>
        {data && data.length > 0 ? (
          <p className="text-sm text-slate-600">{t('manage.count', { count: data.length, max: MAX_SAVED_SEARCHES })}</p>
        ) : null}
      </div>
      {isError ? (
        <ErrorState message={t('manage.loadFailed')} retryLabel={t('manage.retry')} onRetry={refetch} />
      ) : isLoading || !data ? (
        <LoadingState label={t('manage.loading')} />
      ) : data.length === 0 ? (
        <div role="status" className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center">
          <BellRing className="mx-auto size-9 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">{t('manage.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('manage.emptyHint')}</p>
          <Link
            to="/Quick"
            className="mt-4 inline-flex items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
          >
            <Search className="size-4" aria-hidden="true" />
            {t('manage.search')}
          </Link>
        </div>
      ) : (
        <ul aria-label={t('manage.title')} className="space-y-4">
          {data.map((search) => {
            const parts = summarize(search.query, t, appLanguage(i18n.language), stations);
            return (
              <li key={search.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <article aria-labelledby={`saved-search-${search.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <h2 id={`saved-search-${search.id}`} className="text-lg font-semibold break-words text-slate-900">
                      {search.name}
                    </h2>
                    <span className="rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-900">
                      {t(`frequency.${search.frequency}`)}
                    </span>
                  </div>
                  <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                    <dt className="font-medium text-slate-600">{t('manage.filters')}</dt>
                    <dd className="text-slate-900">{parts.length > 0 ? parts.join(' · ') : t('summary.all')}</dd>
                    <dt className="font-medium text-slate-600">{t('manage.frequency')}</dt>
                    <dd className="text-slate-900">{t(`frequency.${search.frequency}`)}</dd>
                    <dt className="font-medium text-slate-600">{t('manage.lastSent')}</dt>
                    <dd className="text-slate-900">
                      {search.last_sent_at ? date(search.last_sent_at) : t('manage.never')}
                    </dd>
                  </dl>
                  <div className="mt-4 flex flex-wrap gap-3">
                    <Link
                      to={`/Quick${search.query ? `?${search.query}` : ''}`}
                      aria-label={t('manage.runLabel', { name: search.name })}
                      className="inline-flex items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
                    >
                      <Play className="size-4" aria-hidden="true" />
                      {t('manage.run')}
                    </Link>
                    <button
                      type="button"
                      onClick={() => setPending(search)}
                      aria-label={t('manage.deleteLabel', { name: search.name })}
                      className="inline-flex items-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      {t('manage.delete')}
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {pending ? (
        <ConfirmDialog
          title={t('manage.confirmTitle')}
          message={t('manage.confirmMessage', { name: pending.name })}
          confirmLabel={t('manage.confirmDelete')}
          cancelLabel={t('manage.cancel')}
          isBusy={isDeleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
