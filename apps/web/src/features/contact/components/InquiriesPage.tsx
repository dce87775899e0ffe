import { FORMAT_LOCALES, INQUIRY_STATUSES, type InquiryStatus } from '@baan/contract';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Inbox, Timer } from '../../../components/ui/icons';
import { currentLanguage } from '../../../i18n';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetUserInquiriesQuery } from '../api/contact-api';
import { formatSpan } from '../lib/answer-time';
import { InquiryCard } from './InquiryCard';

export const INQUIRIES_PER_PAGE = 10;

interface InquiriesPageProps {
  /** The owner's listings, for the filter; the route supplies them. */
  listings: readonly { id: number; title: string }[];
}

function positiveInt(raw: string | null): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

const isStatus = (raw: string | null): raw is InquiryStatus => INQUIRY_STATUSES.some((s) => s === raw);

type Filters = { propertyId?: number; status?: InquiryStatus; page?: number };

/**
 * /dashboard/inquiries: the messages visitors sent about the owner's listings, newest first, paged by the server,
 * filtered by listing and lead status (both in the address), with each lead's status, private note and answer time.
 */
export function InquiriesPage({ listings }: InquiriesPageProps) {
  const { t } = useTranslation('contact');
  const filterId = useId();
  const statusFilterId = useId();
  const [params, setParams] = useSearchParams();
  const propertyId = positiveInt(params.get('property_id'));
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const page = positiveInt(params.get('page')) ?? 1;
  const { data, isFetching, isLoading, isError, refetch } = useGetUserInquiriesQuery({
    propertyId,
    status,
    page,
    perPage: INQUIRIES_PER_PAGE,
  });
  const locale = FORMAT_LOCALES[currentLanguage()];
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const hasFilterOption = propertyId === undefined || listings.some((l) => l.id === propertyId);

  const go = (next: Filters) => {
    const search = new URLSearchParams();
    if (next.propertyId) search.set('property_id', String(next.propertyId));
    if (next.status) search.set('status', next.status);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const counts = data?.counts;
  const median = data?.median_response_minutes;

  return (
    <section aria-labelledby="inquiries-title" className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="inquiries-title" className="text-2xl font-bold text-slate-900">
            {t('inquiries.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('inquiries.subtitle')}</p>
        </div>
        <div className="grid w-full gap-3 sm:w-auto sm:grid-cols-2">
          <div className="sm:w-56">
            <label htmlFor={statusFilterId} className="mb-1 block text-sm font-medium text-slate-800">
              {t('inquiries.statusFilter')}
            </label>
            <select
              id={statusFilterId}
              value={status ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                go({ propertyId, status: isStatus(value) ? value : undefined });
              }}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 sm:text-sm"
            >
              <option value="">{t('inquiries.allStatuses')}</option>
              {INQUIRY_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {counts
                    ? t('inquiries.statusOption', { label: t(`inquiries.statuses.${value}`), count: counts[value] })
                    : t(`inquiries.statuses.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:w-64">
            <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-slate-800">
              {t('inquiries.filter')}
            </label>
            <select
              id={filterId}
              value={propertyId ?? ''}
              onChange={(event) => go({ propertyId: positiveInt(event.target.value), status })}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 sm:text-sm"
            >
              <option value="">{t('inquiries.allListings')}</option>
              {listings.map((listing) => (
                <option key={listing.id} value={listing.id}>
                  {listing.title}
                </option>
              ))}
              {hasFilterOption ? null : (
                <option value={propertyId}>{t('inquiries.listingNumber', { id: propertyId })}</option>
              )}
            </select>
          </div>
        </div>
      </div>

      {data ? (
        <p
          data-testid="median-answer"
          className="mt-4 flex items-start gap-2 rounded-xl bg-teal-50 px-4 py-3 text-sm text-teal-900"
        >
          <Timer className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {median === null || median === undefined
            ? t('inquiries.medianNone')
            : t('inquiries.median', { time: formatSpan(median, locale) })}
        </p>
      ) : null}

      <div className="mt-6" aria-busy={isFetching}>
        {isLoading ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {t('inquiries.loading')}
          </p>
        ) : isError || !data ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="font-medium text-red-700">{t('inquiries.loadFailed')}</p>
            <button
              type="button"
              onClick={() => void refetch()}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t('inquiries.retry')}
            </button>
          </div>
        ) : data.items.length === 0 ? (
          <div
            role="status"
            className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center"
          >
            <Inbox className="size-10 text-slate-400" aria-hidden="true" />
            <p className="font-semibold text-slate-800">
              {status
                ? t('inquiries.emptyForStatus')
                : propertyId
                  ? t('inquiries.emptyForListing')
                  : t('inquiries.empty')}
            </p>
            <p className="max-w-md text-sm text-slate-600">{t('inquiries.emptyHint')}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">{t('inquiries.total', { count: data.total })}</p>
            <ul className="space-y-4" aria-label={t('inquiries.title')}>
              {data.items.map((inquiry) => (
                <li key={inquiry.id}>
                  <InquiryCard inquiry={inquiry} />
                </li>
              ))}
            </ul>
            {pageCount > 1 ? (
              <nav aria-label={t('inquiries.pages')} className="mt-6 flex items-center justify-center gap-3">
                <button
                  type="button"
                  disabled={page <= 1}
                  onClick={() => go({ propertyId, status, page: page - 1 })}
                  aria-label={t('inquiries.previous')}
                  className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                </button>
                <p className="text-sm text-slate-700">{t('inquiries.pageOf', { page, pages: pageCount })}</p>
                <button
                  type="button"
                  disabled={page >= pageCount}
                  onClick={() => go({ propertyId, status, page: page + 1 })}
                  aria-label={t('inquiries.next')}
                  className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                >
                  <ChevronRight className="size-4" aria-hidden="true" />
                </button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
