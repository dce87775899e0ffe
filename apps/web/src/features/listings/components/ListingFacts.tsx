import type { Property } from '@baan/contract';
import { BadgeCheck, Globe2, TrainFront } from '../../../components/ui/icons';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNearestStation } from '../lib/facts';
import { formatPrice } from '../lib/format';

/** "฿556/m²" for a sale, "฿556/m²/month" for a rent; nothing without an area. */
export function usePricePerSqm(property: Pick<Property, 'price_per_sqm' | 'type'>): string | null {
  const { t } = useTranslation('listings');
  if (property.price_per_sqm === null) return null;
  const price = formatPrice(property.price_per_sqm);
  return property.type === 'rent' ? t('facts.perSqmMonth', { price }) : t('facts.perSqm', { price });
}

/** "650 m to BTS Asok", the station named in Thai for Thai readers; nothing without a station within reach. */
export function StationDistance({
  property,
  className = '',
  iconClassName = 'size-4',
}: {
  property: Property;
  className?: string;
  /** The train's size and gap, to line up with the place above it. */
  iconClassName?: string;
}) {
  const { t, i18n } = useTranslation('listings');
  if (!property.nearest_station) return null;
  return (
    <p
      className={`flex items-center ${className.includes('gap-') ? '' : 'gap-1'} ${className}`}
      data-testid="station-distance"
    >
      <TrainFront className={`${iconClassName} shrink-0 text-teal-700`} aria-hidden="true" />
      <span className="min-w-0">{formatNearestStation(property.nearest_station, t, appLanguage(i18n.language))}</span>
    </p>
  );
}

/** A condo whose foreign quota has room: a foreigner may buy it freehold. */
export const isForeignerFriendly = (property: Pick<Property, 'foreign_quota' | 'property_sub_type'>) =>
  property.foreign_quota === 1 && property.property_sub_type === 'condo';

/** A listing whose title deed an admin checked (ADR 032). */
export function VerifiedBadge({ size = 'small' }: { size?: 'small' | 'large' }) {
  const { t } = useTranslation('listings');
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md bg-emerald-800 font-semibold text-white ${size === 'small' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-xs'}`}
    >
      <BadgeCheck className="size-3" aria-hidden="true" />
      {t('card.verified')}
    </span>
  );
}

export function ForeignerFriendlyBadge({ size = 'small' }: { size?: 'small' | 'large' }) {
  const { t } = useTranslation('listings');
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md bg-indigo-700 font-semibold text-white ${size === 'small' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-xs'}`}
    >
      <Globe2 className="size-3" aria-hidden="true" />
      {t('facts.foreignerFriendly')}
    </span>
  );
}
