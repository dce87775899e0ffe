import { EyeOff, MapPin, MessageSquare, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../i18n/localized-router';
import type { OwnProperty } from '../api/my-properties-api';
import { PUBLIC_STATUSES } from '../lib/filters';

/** The srcset of the cover among the listing's images (the server sends one per image), else the first image's. */
function coverSrcSet(property: OwnProperty): string | undefined {
  const images = property.images;
  const cover = images.find((image) => image.image_path === property.cover_image) ?? images[0];
  return cover?.srcset || undefined;
}

export const formatBaht = (price: number) => `฿${price.toLocaleString('en-US')}`;

interface PropertyCardProps {
  property: OwnProperty;
  onDelete: (property: OwnProperty) => void;
}

/** One of the owner's listings; the whole card opens its public page, while it has one. */
export function PropertyCard({ property, onDelete }: PropertyCardProps) {
  const { t } = useTranslation('property');
  const isRent = property.type === 'rent';
  const isPublic = PUBLIC_STATUSES.includes(property.status);
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
        {property.status === 'hidden' ? (
          <p className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
            <EyeOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{t('dashboard.hiddenNotice')}</span>
          </p>
        ) : null}
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="line-clamp-1">{property.location}</span>
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
      </div>
    </article>
  );
}
