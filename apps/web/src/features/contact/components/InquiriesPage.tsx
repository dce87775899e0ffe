import { LANGUAGE_TAGS } from '@baan/contract';
import { ChevronLeft, ChevronRight, Inbox, Mail, Phone } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { Link } from '../../../i18n/localized-router';
import { useGetUserInquiriesQuery } from '../api/contact-api';

export const INQUIRIES_PER_PAGE = 10;

interface InquiriesPageProps {
  /** The owner's listings, for the filter; the route supplies them. */
  listings: readonly { id: number; title: string }[];
}

function positiveInt(raw: string | null): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[currentLanguage()], { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** /dashboard/inquiries: the messages visitors sent about the owner's listings, newest first, paged by the server. */
export function InquiriesPage({ listings }: InquiriesPageProps) {
  const { t } = useTranslation('contact');
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const propertyId = positiveInt(params.get('property_id'));
  const page = positiveInt(params.get('page')) ?? 1;
  const { data, isFetching, isLoading, isError, refetch } = useGetUserInquiriesQuery({
    propertyId,
    page,
    perPage: INQUIRIES_PER_PAGE,
  });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const hasFilterOption = propertyId === undefined || listings.some((l) => l.id === propertyId);

  const go = (next: { propertyId?: number; page?: number }) => {
    const search = new URLSearchParams();
    if (next.propertyId) search.set('property_id', String(next.propertyId));
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <section aria-labelledby="inquiries-title" className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="inquiries-title" className="text-2xl font-bold text-slate-900">
            {t('inquiries.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('inquiries.subtitle')}</p>
        </div>
        <div className="w-full sm:w-72">
          <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-slate-800">
            {t('inquiries.filter')}
          </label>
          <select
            id={filterId}
            value={propertyId ?? ''}
            onChange={(event) => go({ propertyId: positiveInt(event.target.value) })}
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
              {propertyId ? t('inquiries.emptyForListing') : t('inquiries.empty')}
            </p>
            <p className="max-w-md text-sm text-slate-600">{t('inquiries.emptyHint')}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">{t('inquiries.total', { count: data.total })}</p>
            <ul className="space-y-4" aria-label={t('inquiries.title')}>
              {data.items.map((inquiry) => (
                <li key={inquiry.id}>
                  <article
                    aria-labelledby={`inquiry-${inquiry.id}`}
                    className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h2 id={`inquiry-${inquiry.id}`} className="text-base font-semibold text-slate-900">
                        {inquiry.property_id !== null ? (
                          <Link to={`/detail/${inquiry.property_id}`} className="text-teal-800 hover:underline">
                            {inquiry.property_title}
                          </Link>
                        ) : (
                          <>
                            {inquiry.property_title}{' '}
                            <span className="text-sm font-normal text-slate-600">({t('inquiries.deleted')})</span>
                          </>
                        )}
                      </h2>
                      <time dateTime={inquiry.created_at} className="text-sm text-slate-600">
                        {formatDate(inquiry.created_at)}
                      </time>
                    </div>
                    <p className="mt-2 text-sm text-slate-800">
                      <span className="sr-only">{t('inquiries.from')} </span>
                      <span className="font-semibold">{inquiry.name}</span>
                    </p>
                    <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
                      <a
                        href={`mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.property_title}`)}`}
                        className="inline-flex items-center gap-1.5 break-all text-teal-800 hover:underline"
                      >
                        <Mail className="size-4 shrink-0" aria-hidden="true" />
                        <span className="sr-only">{t('inquiries.reply', { name: inquiry.name })} </span>
                        {inquiry.email}
                      </a>
                      {inquiry.phone ? (
                        <a
                          href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}
                          className="inline-flex items-center gap-1.5 text-teal-800 hover:underline"
                        >
                          <Phone className="size-4 shrink-0" aria-hidden="true" />
                          <span className="sr-only">{t('inquiries.call', { name: inquiry.name })} </span>
                          {inquiry.phone}
                        </a>
                      ) : null}
                    </div>
                    <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">
                      {inquiry.message}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
            {pageCount > 1 ? (
              <nav aria-label={t('inquiries.pages')} className="mt-6 flex items-center justify-center gap-3">
                <button
                  type="button"
                  disabled={page <= 1}
                  onClick={() => go({ propertyId, page: page - 1 })}
                  aria-label={t('inquiries.previous')}
                  className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                </button>
                <p className="text-sm text-slate-700">{t('inquiries.pageOf', { page, pages: pageCount })}</p>
                <button
                  type="button"
                  disabled={page >= pageCount}
                  onClick={() => go({ propertyId, page: page + 1 })}
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
