import { englishNumber, OWNER_STATUSES, type OwnerStatus } from '@baan/contract';
import { useId } from 'react';
import {
  BarChart3,
  Clock,
  ExternalLink,
  EyeOff,
  MapPin,
  MessageSquare,
  Pencil,
  Star,
  Trash2,
  XCircle,
} from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocalizePlace } from '../../../lib/places/use-localize-place';
import { toast } from '../../../lib/toast';
import { type OwnProperty, useUpdatePropertyStatusMutation } from '../api/my-properties-api';
import { hasPublicPage } from '../lib/filters';
import { STATUS_BADGES, STATUS_LABELS } from '../lib/status';

/** The srcset of the cover among the listing's images (the server sends one per image), else the first image's. */
function coverSrcSet(property: OwnProperty): string | undefined {
  const images = property.images;
  const cover = images.find((image) => image.image_path === property.cover_image) ?? images[0];
  return cover?.srcset || undefined;
}

export const formatBaht = (price: number) => `฿${englishNumber(price)}`;

interface PropertyCardProps {
  property: OwnProperty;
  onDelete: (property: OwnProperty) => void;
}

/**
 * One of the owner's listings with its status and review, a control to change the status, and links to edit it, to its
 * statistics and to its public page; the whole card opens the public page, while it has one.
 */
export function PropertyCard({ property, onDelete }: PropertyCardProps) {
  const { t } = useTranslation('property');
  const { t: tOwn } = useTranslation('dashboard');
  const localizePlace = useLocalizePlace();
  const isRent = property.type === 'rent';
  const isPublic = hasPublicPage(property);
  const hiddenNoticeId = useId();
  const src = property.cover_image ?? property.images[0]?.image_path;
  const inquiries = property.inquiry_count ?? 0;
  return (
    // The title's link covers the card, so the card shows its keyboard focus (the link's own outline would only ring the title).
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a[data-card-link]:focus-visible]:ring-3 has-[a[data-card-link]:focus-visible]:ring-teal-500">
      <div className="relative h-[175px] bg-slate-100">
        {src ? (
          <img
            src={src}
            srcSet={coverSrcSet(property)}
            sizes="(min-width: 1250px) 360px, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
        <span
          className={`absolute top-3 left-3 rounded-full px-2.5 py-1 text-xs font-bold text-white ${isRent ? 'bg-blue-700' : 'bg-green-700'}`}
        >
          {isRent ? t('dashboard.rent') : t('dashboard.sale')}
        </span>
        {property.is_featured === 1 ? (
          <span className="absolute bottom-3 left-3 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2.5 py-1 text-xs font-bold text-amber-950">
            <Star className="size-3" aria-hidden="true" />
            {t('dashboard.featured')}
          </span>
        ) : null}
        <button
          type="button"
          onClick={() => onDelete(property)}
          aria-label={t('dashboard.delete', { title: property.title })}
          className="absolute top-3 right-3 z-10 inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-red-700 shadow hover:bg-red-50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 className="line-clamp-2 text-base font-semibold text-slate-900">
          {isPublic ? (
            <Link
              to={`/detail/${property.id}`}
              data-card-link
              className="after:absolute after:inset-0 after:content-[''] hover:text-teal-800 focus-visible:outline-none"
            >
              {property.title}
            </Link>
          ) : (
            property.title
          )}
        </h3>
        <p className="flex flex-wrap gap-1.5" data-testid="listing-badges">
          <span
            data-testid="status-badge"
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGES[property.status]}`}
          >
            {tOwn(STATUS_LABELS[property.status])}
          </span>
          {property.review === 'approved' ? null : (
            <span
              data-testid="review-badge"
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                property.review === 'pending' ? 'bg-amber-100 text-amber-950' : 'bg-red-100 text-red-900'
              }`}
            >
              {tOwn(property.review === 'pending' ? 'myListings.review.pending' : 'myListings.review.rejected')}
            </span>
          )}
        </p>
        {property.status === 'hidden' ? (
          <p
            id={hiddenNoticeId}
            className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900"
          >
            <EyeOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{t('dashboard.hiddenNotice')}</span>
          </p>
        ) : null}
        {property.review === 'pending' ? (
          <p className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
            <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{tOwn('myListings.pendingNotice')}</span>
          </p>
        ) : null}
        {property.review === 'rejected' ? (
          <div className="flex items-start gap-1.5 rounded-md bg-red-50 px-2.5 py-1.5 text-xs text-red-900">
            <XCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <div>
              <p>{tOwn('myListings.rejectedNotice')}</p>
              {property.review_note ? (
                <p className="mt-0.5 font-semibold break-words">
                  {tOwn('myListings.rejectedNote', { note: property.review_note })}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        {property.text_edit?.state === 'pending' ? (
          <p
            data-testid="text-edit"
            className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900"
          >
            <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{tOwn('myListings.textEdit.pending')}</span>
          </p>
        ) : null}
        {property.text_edit?.state === 'rejected' ? (
          <div
            data-testid="text-edit"
            className="flex items-start gap-1.5 rounded-md bg-red-50 px-2.5 py-1.5 text-xs text-red-900"
          >
            <XCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <div>
              <p>{tOwn('myListings.textEdit.rejected')}</p>
              {property.text_edit.note ? (
                <p className="mt-0.5 font-semibold break-words">
                  {tOwn('myListings.rejectedNote', { note: property.text_edit.note })}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="line-clamp-1">{localizePlace(property.location)}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
          <p className="text-lg font-bold text-teal-800">
            {formatBaht(property.price)}
            {isRent ? <span className="text-sm font-medium text-slate-600"> {t('dashboard.perMonth')}</span> : null}
          </p>
          <Link
            to={`/dashboard/inquiries?property_id=${property.id}`}
            data-testid="inquiry-count"
            aria-label={t('dashboard.inquiriesFor', {
              label: t('dashboard.inquiries', { count: inquiries }),
              title: property.title,
            })}
            className={`relative z-10 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold hover:underline ${
              inquiries > 0 ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-700'
            }`}
          >
            <MessageSquare className="size-3.5" aria-hidden="true" />
            {t('dashboard.inquiries', { count: inquiries })}
          </Link>
        </div>
        <StatusControl property={property} describedBy={property.status === 'hidden' ? hiddenNoticeId : undefined} />
        <CardLinks property={property} isPublic={isPublic} />
      </div>
    </article>
  );
}

/** The owner's choice of status (PATCH /api/property/{id}); an admin's `hidden` cannot be changed here. */
function StatusControl({ property, describedBy }: { property: OwnProperty; describedBy?: string }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const lockedId = useId();
  const [updateStatus, { isLoading }] = useUpdatePropertyStatusMutation();
  const isHidden = property.status === 'hidden';
  const change = async (status: OwnerStatus) => {
    try {
      await updateStatus({ id: property.id, status }).unwrap();
      toast.success(t('myListings.statusChanged', { title: property.title, status: t(STATUS_LABELS[status]) }));
    } catch {
      toast.error(t('myListings.statusFailed'));
    }
  };
  return (
    <div className="relative z-10 mt-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {t('myListings.statusControl')}
          <span className="sr-only">: {property.title}</span>
        </label>
        <select
          id={id}
          value={property.status}
          disabled={isHidden || isLoading}
          aria-describedby={isHidden ? [describedBy, lockedId].filter(Boolean).join(' ') : undefined}
          onChange={(event) => void change(event.target.value as OwnerStatus)}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:bg-slate-100 disabled:text-slate-600"
        >
          {isHidden ? <option value="hidden">{t(STATUS_LABELS.hidden)}</option> : null}
          {OWNER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_LABELS[status])}
            </option>
          ))}
        </select>
        {isLoading ? (
          <span role="status" className="text-xs text-slate-600">
            {t('myListings.statusSaving')}
          </span>
        ) : null}
      </div>
      {isHidden ? (
        <p id={lockedId} className="mt-1.5 text-xs text-slate-600">
          {t('myListings.statusLocked')}
        </p>
      ) : null}
    </div>
  );
}

/** Where the owner goes from a card: edit, statistics, and the public page (or why there is none). */
function CardLinks({ property, isPublic }: { property: OwnProperty; isPublic: boolean }) {
  const { t } = useTranslation('dashboard');
  const link =
    'relative z-10 inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';
  const forTitle = <span className="sr-only">: {property.title}</span>;
  const notPublic =
    property.status === 'hidden'
      ? null
      : property.review === 'rejected'
        ? t('myListings.notPublic.rejected')
        : property.review === 'pending'
          ? t('myListings.notPublic.pending')
          : property.status === 'paused'
            ? t('myListings.notPublic.paused')
            : null;
  return (
    <div className="mt-3 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Link to={`/edit-property/${property.id}`} className={link}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('myListings.edit')}
          {forTitle}
        </Link>
        <Link to={`/dashboard/properties/${property.id}/stats`} className={link}>
          <BarChart3 className="size-4" aria-hidden="true" />
          {t('myListings.statistics')}
          {forTitle}
        </Link>
        {isPublic ? (
          <Link to={`/detail/${property.id}`} className={link}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('myListings.publicPage')}
            {forTitle}
          </Link>
        ) : null}
      </div>
      {isPublic && (property.status === 'sold' || property.status === 'rented') ? (
        <p className="text-xs text-slate-600">{t('myListings.offMarket')}</p>
      ) : null}
      {notPublic ? (
        <p data-testid="not-public" className="text-xs text-slate-600">
          {notPublic}
        </p>
      ) : null}
    </div>
  );
}
