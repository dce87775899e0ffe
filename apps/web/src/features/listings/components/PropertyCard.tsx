import { hasFloors, type Property } from '@baan/contract';
import { Bath, BedDouble, Building2, MapPin, Ruler, Star, TrendingDown, UserRound } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { formatLandArea, isLandListing } from '../../../lib/land-area';
import { useLocalizePlace } from '../../../lib/places/use-localize-place';
import { rentalSummary } from '../../../lib/rental-terms';
import { CompareButton } from '../../../session/compare-toggle';
import { FavoriteHeart } from '../../../session/favorite-heart';
import { formatNumber, formatPrice, priceCutPercent, projectRefName } from '../lib/format';
import {
  ForeignerFriendlyBadge,
  isForeignerFriendly,
  StationDistance,
  usePricePerSqm,
  VerifiedBadge,
} from './ListingFacts';
import { PropertyImage } from './PropertyImage';

type Props = { property: Property; isEager?: boolean };

/** A listing in a grid: photo, badges, price, place and size. Opens the detail page. */
export function PropertyCard({ property, isEager = false }: Props) {
  const { t, i18n } = useTranslation('listings');
  const localizePlace = useLocalizePlace();
  const isRent = property.type === 'rent';
  const perSqm = usePricePerSqm(property);
  // A rental's furnishing and pets in a few words ("Furnished · Pets allowed").
  const summary = rentalSummary(property, t);
  const cut = priceCutPercent(property);
  return (
    // The title's link covers the card, so the card shows its keyboard focus (the link's own outline would only ring the title).
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-teal-500">
      <div className="relative h-[175px] overflow-hidden bg-slate-100">
        <PropertyImage
          image={property.images[0]}
          alt=""
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="h-[175px] w-full object-cover transition-transform duration-300 group-hover:scale-105"
          isEager={isEager}
        />
        <div className="absolute top-2 right-12 left-2 flex flex-wrap gap-1.5">
          <span
            className={`rounded-md px-2 py-0.5 text-xs font-semibold text-white ${isRent ? 'bg-blue-700' : 'bg-green-700'}`}
          >
            {isRent ? t('card.forRent') : t('card.forSale')}
          </span>
          {property.is_featured === 1 ? (
            <span className="inline-flex items-center gap-1 rounded-md bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">
              <Star className="size-3" aria-hidden="true" />
              {t('card.featured')}
            </span>
          ) : null}
          {property.verified === 1 ? <VerifiedBadge /> : null}
          {isForeignerFriendly(property) ? <ForeignerFriendlyBadge /> : null}
          {cut !== null ? (
            <span className="inline-flex items-center gap-1 rounded-md bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
              <TrendingDown className="size-3" aria-hidden="true" />
              {t('card.priceCut', { percent: cut })}
            </span>
          ) : null}
        </div>
        <FavoriteHeart id={property.id} title={property.title} className="absolute top-2 right-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-lg font-bold text-teal-800">
          {formatPrice(property.price)}
          {cut !== null && property.previous_price !== null ? (
            <>
              {' '}
              <s className="text-sm font-medium text-slate-600">
                <span className="sr-only">{t('card.previousPrice')} </span>
                {formatPrice(property.previous_price)}
              </s>
            </>
          ) : null}
          {isRent ? <span className="text-sm font-medium text-slate-600"> {t('card.perMonth')}</span> : null}
          {perSqm ? (
            <span className="block text-xs font-medium text-slate-600" data-testid="price-per-sqm">
              {perSqm}
            </span>
          ) : null}
        </p>
        <h3 className="line-clamp-2 text-base font-semibold text-slate-900">
          <Link
            to={`/detail/${property.id}`}
            state={{ property }}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {property.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{localizePlace(property.location)}</span>
        </p>
        {property.project ? (
          <p className="relative z-10 flex items-center gap-1 text-sm">
            <Building2 className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
            <span className="sr-only">{t('card.project')}: </span>
            <Link
              to={`/project/${property.project.slug}`}
              className="truncate font-medium text-teal-800 underline-offset-2 hover:underline"
            >
              {projectRefName(property.project, appLanguage(i18n.language))}
            </Link>
          </p>
        ) : null}
        {property.agent ? (
          <p className="relative z-10 flex items-center gap-1 text-sm">
            <UserRound className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
            <span className="sr-only">{t('card.agent')}: </span>
            <Link
              to={`/agent/${property.agent.slug}`}
              className="truncate font-medium text-teal-800 underline-offset-2 hover:underline"
            >
              {property.agent.name}
            </Link>
          </p>
        ) : null}
        <StationDistance property={property} className="text-sm text-slate-600" />
        {summary ? (
          <p className="text-sm text-slate-700" data-testid="rental-summary">
            {summary}
          </p>
        ) : null}
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700">
          <div className="flex items-center gap-1">
            <dt>
              <Ruler className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('card.area')}</span>
            </dt>
            <dd>
              {isLandListing(property)
                ? formatLandArea(t, appLanguage(i18n.language), property.area)
                : t('card.sqm', { area: formatNumber(property.area) })}
            </dd>
          </div>
          {hasFloors(property.property_sub_type) ? (
            <>
              <div className="flex items-center gap-1">
                <dt>
                  <BedDouble className="size-4" aria-hidden="true" />
                  <span className="sr-only">{t('card.beds')}</span>
                </dt>
                <dd>{property.bed_rooms}</dd>
              </div>
              <div className="flex items-center gap-1">
                <dt>
                  <Bath className="size-4" aria-hidden="true" />
                  <span className="sr-only">{t('card.baths')}</span>
                </dt>
                <dd>{property.bath_rooms}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <CompareButton id={property.id} title={property.title} className="self-start" />
      </div>
    </article>
  );
}
