import type { Property } from '@baan/contract';
import { Mail, MapPin, Phone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format';
import { ImageCarousel } from './ImageCarousel';
import { PropertySpecs } from './PropertySpecs';

/** A listing's page: photos, price, owner contact, specs and description; `aside` stands beside the description. */
export function PropertyDetail({ property, aside }: { property: Property; aside?: ReactNode }) {
  const { t } = useTranslation('listings');
  const isRent = property.type === 'rent';
  const owner = property.owner;
  return (
    <article className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <ImageCarousel images={property.images} title={property.title} />
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <span
              className={`rounded-md px-2.5 py-1 text-xs font-semibold text-white ${isRent ? 'bg-blue-700' : 'bg-green-700'}`}
            >
              {isRent ? t('card.forRent') : t('card.forSale')}
            </span>
            {property.is_featured === 1 ? (
              <span className="inline-flex items-center gap-1 rounded-md bg-amber-400 px-2.5 py-1 text-xs font-semibold text-amber-950">
                <Star className="size-3" aria-hidden="true" />
                {t('card.featured')}
              </span>
            ) : null}
          </div>
          <h1 className="text-3xl font-bold text-balance text-slate-900">{property.title}</h1>
          <p className="flex items-center gap-2 text-slate-700">
            <MapPin className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
            {property.location}
          </p>
          <p className="text-3xl font-extrabold text-teal-800">
            {formatPrice(property.price)}
            {isRent ? <span className="text-base font-medium text-slate-600"> {t('card.perMonth')}</span> : null}
          </p>
          <div className="flex flex-wrap gap-3">
            {owner?.phone_number ? (
              <a
                href={`tel:${owner.phone_number.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-2 rounded-lg bg-teal-700 px-5 py-3 text-sm font-semibold text-white hover:bg-teal-800"
              >
                <Phone className="size-4" aria-hidden="true" />
                {t('detail.callNow')}
              </a>
            ) : null}
            {owner?.email ? (
              <a
                href={`mailto:${owner.email}?subject=${encodeURIComponent(property.title)}`}
                className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-5 py-3 text-sm font-semibold text-teal-800 hover:bg-teal-50"
              >
                <Mail className="size-4" aria-hidden="true" />
                {t('detail.email')}
              </a>
            ) : null}
          </div>
          {owner ? <p className="text-sm text-slate-600">{t('detail.listedBy', { name: owner.name })}</p> : null}
        </div>
      </div>
      <PropertySpecs property={property} />
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="detail-description" className="max-w-3xl">
          <h2 id="detail-description" className="mb-3 text-xl font-bold text-slate-900">
            {t('detail.description')}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{property.description}</p>
        </section>
        {aside}
      </div>
    </article>
  );
}
