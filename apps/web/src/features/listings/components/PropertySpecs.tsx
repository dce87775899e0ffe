import {
  appliesTo,
  blankValueOf,
  isLandArea,
  isRequiredListingNumber,
  LISTING_NUMBER_FIELDS,
  LISTING_NUMBER_NAMES,
  type ListingNumberKey,
  type ListingNumberName,
  listingNumberField,
  type Property,
  toSubTypeKey,
} from '@baan/contract';
import type { ReactNode } from 'react';
import {
  Bath,
  BedDouble,
  Building2,
  CalendarDays,
  ChefHat,
  Coins,
  DoorOpen,
  Fence,
  FileText,
  Globe2,
  Hash,
  Layers,
  Ruler,
  Sofa,
  Tag,
  TrainFront,
  Zap,
} from '../../../components/ui/icons';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { formatLandArea } from '../../../lib/land-area';
import { formatNearestStation } from '../lib/facts';
import { formatNumber, formatPrice } from '../lib/format';
import { usePricePerSqm } from './ListingFacts';

function Spec({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="flex items-center gap-2 text-xs font-medium text-slate-600">
        <span className="rounded-lg bg-teal-50 p-1.5 text-teal-700">{icon}</span>
        {label}
      </dt>
      <dd className="mt-2 text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * Today as YYYY-MM-DD in Thailand, where the listings are, comparable with `availability_date`. The same on the
 * server and in the browser, whatever their time zones, so the page hydrates without a difference.
 */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
function today(now = new Date()): string {
  // Thailand keeps UTC+7 all year (no daylight saving), so its date needs no Intl time-zone formatter.
  return new Date(now.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

const icon = (Icon: typeof Ruler) => <Icon className="size-5" aria-hidden="true" />;

/** Each number field's icon, in the order the facts show them; a field not named here follows them with a plain one. */
const SPEC_ICONS: Partial<Record<ListingNumberKey, typeof Ruler>> = {
  area: Ruler,
  livingSpace: Sofa,
  lotArea: Fence,
  bedrooms: BedDouble,
  bathrooms: Bath,
  kitchen: ChefHat,
  floors: Layers,
  level: Building2,
  avgUtilities: Zap,
};
const iconOrder = (name: ListingNumberName) => {
  const named = Object.keys(SPEC_ICONS);
  const at = named.indexOf(listingNumberField(name).key);
  return at === -1 ? named.length : at;
};
const SPEC_ORDER = [...LISTING_NUMBER_NAMES].sort((a, b) => iconOrder(a) - iconOrder(b));

/**
 * A listing's facts (spec section 2, Property detail) and the wizard's house information. Level shows only where a
 * unit sits on a floor (the field's onlyFor), floors not on land without any, and house information only when given.
 */
export function PropertySpecs({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('listings');
  const sqm = (value: number) => `${formatNumber(value)} ${t('units.sqm')}`;
  // Land and lot areas: rai, ngan and square wah for Thai readers (with the m²), m² for the others (issue 16).
  const landArea = (value: number) => formatLandArea(t, appLanguage(i18n.language), value, { withSqm: true });
  const perSqm = usePricePerSqm(property);
  const subType = String(toSubTypeKey(property.property_sub_type));
  const shown = (name: ListingNumberName, value: number) => {
    const field = listingNumberField(name);
    if (isLandArea(name, subType)) return landArea(value);
    if (field.unit) return sqm(value);
    return field.kind === 'baht' ? formatPrice(value) : formatNumber(value);
  };
  const specs: { key: string; icon: ReactNode; label: string; value: string }[] = [
    {
      key: 'propertyType',
      icon: icon(Building2),
      label: t('detail.propertyType'),
      value: t(`propertyTypes.${property.property_type}`),
    },
    {
      key: 'subType',
      icon: icon(Tag),
      label: t('detail.subType'),
      value: t(`subTypes.${property.property_sub_type}`, { defaultValue: property.property_sub_type }),
    },
  ];
  // The number fields (the contract's LISTING_NUMBER_FIELDS) with their labels: one not given is left out, as is a
  // level or floors the sub type has none of (level only where a unit sits on a floor; floors of 0 on land).
  for (const name of SPEC_ORDER) {
    const { key } = LISTING_NUMBER_FIELDS[name];
    const value = property[name];
    if (value === null || !appliesTo(name, property.property_sub_type)) continue;
    if (blankValueOf(name) === 0 && value === 0 && !isRequiredListingNumber(name, property.property_sub_type)) continue;
    specs.push({ key, icon: icon(SPEC_ICONS[key] ?? Hash), label: t(`detail.${key}`), value: shown(name, value) });
  }
  if (perSqm) specs.push({ key: 'pricePerSqm', icon: icon(Coins), label: t('facts.pricePerSqm'), value: perSqm });
  if (property.nearest_station) {
    specs.push({
      key: 'nearestStation',
      icon: icon(TrainFront),
      label: t('facts.nearestStation'),
      value: formatNearestStation(property.nearest_station, t, appLanguage(i18n.language)),
    });
  }
  if (property.title_deed) {
    specs.push({
      key: 'titleDeed',
      icon: icon(FileText),
      label: t('facts.titleDeed'),
      value: t(`facts.deeds.${property.title_deed}`),
    });
  }
  // Foreign quota is a condo's (the Condominium Act's 49 %); a house or land has none to show.
  if (property.property_sub_type === 'condo' && property.foreign_quota === 1) {
    specs.push({
      key: 'foreignQuota',
      icon: icon(Globe2),
      label: t('facts.foreignQuota'),
      value: t('facts.foreignQuotaAvailable'),
    });
  }
  if (property.availability_date) {
    specs.push({
      key: 'availability',
      icon: icon(CalendarDays),
      label: t('detail.availability'),
      value:
        property.availability_date <= today()
          ? t('detail.availableNow')
          : formatDate(property.availability_date, i18n.language),
    });
  }

  return (
    <section aria-labelledby="detail-specs" className="mt-10">
      <h2 id="detail-specs" className="mb-4 text-xl font-bold text-slate-900">
        {t('detail.specs')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {specs.map(({ key, ...spec }) => (
          <Spec key={key} {...spec} />
        ))}
      </dl>
      {property.rooms.length > 0 ? (
        <>
          <h3 id="detail-rooms" className="mt-8 mb-3 text-lg font-bold text-slate-900">
            {t('detail.rooms')}
          </h3>
          <dl aria-labelledby="detail-rooms" className="flex flex-wrap gap-2">
            {property.rooms.map((room, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: rooms come in the order they were listed and never move.
                key={i}
                className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm"
              >
                <DoorOpen className="size-4 text-teal-700" aria-hidden="true" />
                <dt className="text-slate-700">{t(`roomTypes.${room.type}`, { defaultValue: room.type })}</dt>
                <dd className="font-semibold text-slate-900">{room.quantity}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
