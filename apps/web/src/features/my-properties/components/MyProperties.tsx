import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ChevronLeft, ChevronRight, Search } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../../lib/use-results-heading';
import { type OwnProperty, useDeletePropertyMutation, useGetUserPropertiesQuery } from '../api/my-properties-api';
import { usePageSize } from '../hooks/use-page-size';
import { applyFilters, filtersFrom, type ListFilters, toSearch } from '../lib/filters';
import { ListFiltersBar } from './ListFiltersBar';
import { PropertyCard } from './PropertyCard';

/**
 * My properties: all of the owner's listings, filtered by type, status and title, paged, each deletable (spec
 * sections 2, 4, 8, 9). The filters and the page live in the address. It brings no page padding: the dashboard
 * layout gives it.
 */
export function MyProperties() {
  const { t } = useTranslation('property');
  const { data, isLoading, isError, refetch } = useGetUserPropertiesQuery();
  const [deleteProperty, { isLoading: isDeleting }] = useDeletePropertyMutation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const [pending, setPending] = useState<OwnProperty | null>(null);
  const heading = useResultsHeading();
  const searchId = useId();

  /** Every change is a new address (back undoes it); a filter change starts again at page 1. */
  const update = (changes: Partial<ListFilters>, options: { replace?: boolean } = {}) => {
    setSearchParams(new URLSearchParams(toSearch({ ...filters, page: 1, ...changes })), options);
  };
  // The resize handler must stay the same function; it reads the latest address through this ref.
  const toFirstPage = useRef(() => {});
  toFirstPage.current = () => {
    if (filters.page > 1) update({ page: 1 }, { replace: true });
  };
  const onResize = useCallback(() => toFirstPage.current(), []);
  const pageSize = usePageSize(onResize);

  const matching = applyFilters(data ?? [], filters);
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const currentPage = Math.min(filters.page, pageCount);
  const shown = matching.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const hasFilters = !!(filters.type || filters.status || filters.q.trim());

  // A page past the last one (a deletion, a narrower window, an old link) shows the last page and says so in the address.
  useEffect(() => {
    if (data && filters.page > pageCount) update({ page: pageCount }, { replace: true });
  });

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await deleteProperty(pending.id).unwrap();
      setPending(null);
      update({ page: 1 });
      // The card and its delete button are gone; put the keyboard user back at the top of the list.
      heading.ref.current?.focus();
    } catch {
      setPending(null);
      toast.error(t('dashboard.errors.deleteFailed'));
    }
  };

  return (
    <section aria-labelledby={`${searchId}-title`} className="w-full">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            id={`${searchId}-title`}
            ref={heading.ref}
            tabIndex={-1}
            className={`text-2xl font-bold tracking-tight text-slate-900 ${RESULTS_HEADING_CLASS}`}
          >
            {t('dashboard.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('dashboard.subtitle')}</p>
        </div>
        <div className="w-full sm:w-80">
          <label htmlFor={searchId} className="sr-only">
            {t('dashboard.search')}
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              value={filters.q}
              placeholder={t('dashboard.searchPlaceholder')}
              // Typing refines the same view: it replaces the address instead of adding a history entry per key.
              onChange={(event) => update({ q: event.target.value }, { replace: true })}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:text-sm"
            />
          </div>
        </div>
      </div>

      <ListFiltersBar
        filters={filters}
        typeCounts={data ? applyFilters(data, filters, 'type') : undefined}
        onChange={(changes) => update(changes)}
      />

      <div className="mt-6">
        {isLoading ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {t('dashboard.loading')}
          </p>
        ) : isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="font-medium text-red-700">{t('dashboard.errors.fetchFailed')}</p>
            <button
              type="button"
              onClick={() => void refetch()}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t('dashboard.retry')}
            </button>
          </div>
        ) : matching.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <p role="status" className="text-slate-600">
              {t('dashboard.noPropertiesFound')}
            </p>
            {hasFilters ? (
              <button
                type="button"
                onClick={() => update({ type: undefined, status: undefined, q: '' })}
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t('dashboard.clearFilters')}
              </button>
            ) : null}
          </div>
        ) : (
          <>
            <ul className="grid gap-5 min-[640px]:grid-cols-2 min-[1250px]:grid-cols-3">
              {shown.map((property) => (
                <li key={property.id}>
                  <PropertyCard property={property} onDelete={setPending} />
                </li>
              ))}
            </ul>
            <Pagination
              page={currentPage}
              pageCount={pageCount}
              total={matching.length}
              pageSize={pageSize}
              onPage={(page) => {
                update({ page });
                heading.bringIntoView();
              }}
            />
          </>
        )}
      </div>

      {pending ? (
        <ConfirmDialog
          title={t('dashboard.confirmTitle')}
          message={t('dashboard.confirmText', { title: pending.title })}
          confirmLabel={isDeleting ? t('dashboard.deleting') : t('dashboard.confirm')}
          cancelLabel={t('dashboard.cancel')}
          isBusy={isDeleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

interface PaginationProps {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

function Pagination({ page, pageCount, total, pageSize, onPage }: PaginationProps) {
  const { t } = useTranslation('property');
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const arrow =
    'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40';
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{t('dashboard.showing', { from, to, total })}</p>
      {pageCount > 1 ? (
        <nav aria-label={t('dashboard.pagination')}>
          <ul className="flex flex-wrap items-center gap-1.5">
            <li>
              <button
                type="button"
                className={arrow}
                disabled={page <= 1}
                onClick={() => onPage(page - 1)}
                aria-label={t('dashboard.previousPage')}
              >
                <ChevronLeft className="size-4" aria-hidden="true" />
              </button>
            </li>
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((number) => (
              <li key={number}>
                <button
                  type="button"
                  onClick={() => onPage(number)}
                  aria-label={t('dashboard.page', { page: number })}
                  aria-current={number === page ? 'page' : undefined}
                  className={`inline-flex size-10 items-center justify-center rounded-lg text-sm font-semibold ${
                    number === page
                      ? 'bg-teal-700 text-white'
                      : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                  }`}
                >
                  {number}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={arrow}
                disabled={page >= pageCount}
                onClick={() => onPage(page + 1)}
                aria-label={t('dashboard.nextPage')}
              >
                <ChevronRight className="size-4" aria-hidden="true" />
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
