import type { ContactChannel, PricePoint, Property } from '@baan/contract';
import type { ReactNode } from 'react';
import { BarChart3, Building2, CircleSlash, MapPin, Pencil, Star, TrendingDown } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocalizePlace } from '../../../lib/places/use-localize-place';
import { FavoriteHeart } from '../../../session/favorite-heart';
import { formatPrice, priceCutPercent, projectRefName } from '../lib/format';
import { ImageCarousel } from './ImageCarousel';
import {
  ForeignerFriendlyBadge,
  isForeignerFriendly,
  StationDistance,
  usePricePerSqm,
  VerifiedBadge,
} from './ListingFacts';
import { ContactBar, INQUIRY_ANCHOR, OwnerContact } from './OwnerContact';
import { PriceHistory } from './PriceHistory';
import { PropertySpecs } from './PropertySpecs';
import { MoveInCost, RentalTerms } from './RentalTerms';

/** A sold or rented listing: its page stays reachable, marked, without contact actions (ADR 017). */
export function isNoLongerAvailable(property: Pick<Property, 'status'>): boolean {
  return property.status === 'sold' || property.status === 'rented';
}

interface PropertyDetailProps {
  property: Property;
  /** Stands beside the description (the inquiry form); a sold or rented listing says why there is none instead. */
  aside?: ReactNode;
  /** The signed-in user owns the listing: links to edit it and to its statistics. */
  isOwner?: boolean;
  /** A visitor used one of the contact actions (counted for the owner's statistics). */
  onContact?: (channel: ContactChannel) => void;
  /** Stands under the contact actions: the compare toggle and the share buttons. */
  actions?: ReactNode;
  /** Every price the listing has had, oldest first (shown as its price history). */
  priceHistory?: PricePoint[];
}

/** A listing's page: photos, price, owner contact, specs and description; `aside` stands beside the description. */
export function PropertyDetail({
  property,
  aside,
  isOwner = false,
  onContact,
  actions,
  priceHistory = [],
}: PropertyDetailProps) {
  const { t, i18n } = useTranslation('listings');
  const cut = priceCutPercent(property);
  const localizePlace = useLocalizePlace();
  const isRent = property.type === 'rent';
  const owner = property.owner;
  const gone = isNoLongerAvailable(property);
  const perSqm = usePricePerSqm(property);
  return (
    <article className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {gone ? (
        <div
          data-testid="listing-unavailable"
          className="mb-6 flex items-start gap-3 rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-950"
        >
          <CircleSlash className="mt-0.5 size-5 shrink-0 text-rose-700" aria-hidden="true" />
          <div>
            <p className="font-bold">{property.status === 'sold' ? t('detail.soldTitle') : t('detail.rentedTitle')}</p>
            <p className="text-sm">{t('detail.unavailableNotice')}</p>
          </div>
        </div>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <ImageCarousel images={property.images} title={property.title} />
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <span
              className={`rounded-md px-2.5 py-1 text-xs font-semibold text-white ${isRent ? 'bg-blue-700' : 'bg-green-700'}`}
            >
              {isRent ? t('card.forRent') : t('card.forSale')}
            </span>
            {gone ? (
              <span className="rounded-md bg-rose-700 px-2.5 py-1 text-xs font-semibold text-white">
                {property.status === 'sold' ? t('detail.sold') : t('detail.rented')}
              </span>
            ) : null}
            {property.is_featured === 1 && !gone ? (
              <span className="inline-flex items-center gap-1 rounded-md bg-amber-400 px-2.5 py-1 text-xs font-semibold text-amber-950">
                <Star className="size-3" aria-hidden="true" />
                {t('card.featured')}
              </span>
            ) : null}
            {property.verified === 1 && !gone ? <VerifiedBadge size="large" /> : null}
            {isForeignerFriendly(property) ? <ForeignerFriendlyBadge size="large" /> : null}
          </div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold text-balance text-slate-900">{property.title}</h1>
            <FavoriteHeart id={property.id} title={property.title} variant="plain" className="shrink-0" />
          </div>
          <p className="flex items-center gap-2 text-slate-700">
            <MapPin className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
            {localizePlace(property.location)}
          </p>
          {property.project ? (
            <p className="flex items-center gap-2 text-slate-700">
              <Building2 className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
              <span>
                {t('card.project')}:{' '}
                <Link
                  to={`/project/${property.project.slug}`}
                  className="font-semibold text-teal-800 underline-offset-2 hover:underline"
                >
                  {projectRefName(property.project, appLanguage(i18n.language))}
                </Link>
              </span>
            </p>
          ) : null}
          <StationDistance property={property} className="gap-2 text-slate-700" iconClassName="size-5" />
          <p className="text-3xl font-extrabold text-teal-800">
            {formatPrice(property.price)}
            {isRent ? <span className="text-base font-medium text-slate-600"> {t('card.perMonth')}</span> : null}
            {perSqm ? (
              <span className="mt-1 block text-base font-medium text-slate-600" data-testid="price-per-sqm">
                {perSqm}
              </span>
            ) : null}
          </p>
          <MoveInCost property={property} />
          {cut !== null && property.previous_price !== null ? (
            <p className="flex flex-wrap items-center gap-2 text-base" data-testid="price-cut">
              <s className="text-slate-600">
                <span className="sr-only">{t('card.previousPrice')} </span>
                {formatPrice(property.previous_price)}
              </s>
              <span className="inline-flex items-center gap-1 rounded-md bg-red-700 px-2 py-0.5 text-sm font-semibold text-white">
                <TrendingDown className="size-4" aria-hidden="true" />
                {t('card.priceCut', { percent: cut })}
              </span>
            </p>
          ) : null}
          {isOwner ? <OwnerLinks propertyId={property.id} /> : null}
          {gone || !owner ? null : <OwnerContact owner={owner} title={property.title} onContact={onContact} />}
          {owner ? <p className="text-sm text-slate-600">{t('detail.listedBy', { name: owner.name })}</p> : null}
          {property.agent ? (
            <p className="text-sm">
              <Link
                to={`/agent/${property.agent.slug}`}
                className="font-semibold text-teal-800 underline-offset-2 hover:underline"
              >
                {t('detail.agentProfile', { name: property.agent.name })}
              </Link>
            </p>
          ) : null}
          {actions}
        </div>
      </div>
      <PropertySpecs property={property} />
      <RentalTerms property={property} />
      <PriceHistory history={priceHistory} />
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="detail-description" className="max-w-3xl">
          <h2 id="detail-description" className="mb-3 text-xl font-bold text-slate-900">
            {t('detail.description')}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{property.description}</p>
        </section>
        {gone ? (
          <NoLongerAvailable status={property.status === 'sold' ? 'sold' : 'rented'} />
        ) : (
          <div id={INQUIRY_ANCHOR} className="scroll-mt-[121px]">
            {aside}
          </div>
        )}
      </div>
      {/* On phones: call, LINE and inquire at the bottom of the screen (not for the owner: their own page). */}
      {gone || !owner || isOwner ? null : <ContactBar owner={owner} onContact={onContact} />}
    </article>
  );
}

/** The owner's own actions on their listing's page (shown once the session says who is looking). */
function OwnerLinks({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('listings');
  const link =
    'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';
  return (
    <section
      aria-labelledby="detail-owner-tools"
      className="rounded-xl border border-teal-200 bg-teal-50 p-4"
      data-testid="owner-tools"
    >
      <h2 id="detail-owner-tools" className="mb-3 text-sm font-semibold text-teal-900">
        {t('detail.yourListing')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Link to={`/edit-property/${propertyId}`} className={link}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('detail.editListing')}
        </Link>
        <Link to={`/dashboard/properties/${propertyId}/stats`} className={link}>
          <BarChart3 className="size-4" aria-hidden="true" />
          {t('detail.statistics')}
        </Link>
      </div>
    </section>
  );
}

/** In place of the inquiry form on a sold or rented listing. */
function NoLongerAvailable({ status }: { status: 'sold' | 'rented' }) {
  const { t } = useTranslation('listings');
  return (
    <section
      aria-labelledby="detail-unavailable"
      data-testid="no-longer-available"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 id="detail-unavailable" className="mb-2 text-lg font-bold text-slate-900">
        {t('detail.unavailableTitle')}
      </h2>
      <p className="text-sm text-slate-700">
        {status === 'sold' ? t('detail.unavailableSold') : t('detail.unavailableRented')}
      </p>
      <Link
        to="/Quick"
        className="mt-4 inline-flex items-center rounded-lg bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {t('detail.browseOthers')}
      </Link>
    </section>
  );
}
