import { useId } from 'react';
import { MapPin } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';

/** Location groups; each place is a location filter (a substring of the listing's location). */
export const LOCATION_GROUPS: { key: string; places: { key: string; location: string }[] }[] = [
  {
    key: 'centralBangkok',
    places: [
      { key: 'sukhumvit', location: 'Sukhumvit' },
      { key: 'silom', location: 'Silom' },
      { key: 'sathorn', location: 'Sathorn' },
      { key: 'thonglor', location: 'Thonglor' },
      { key: 'rama9', location: 'Rama 9' },
      { key: 'ratchada', location: 'Ratchada' },
      { key: 'ari', location: 'Ari' },
    ],
  },
  {
    key: 'northeast',
    places: [
      { key: 'khonKaen', location: 'Khon Kaen' },
      { key: 'udonThani', location: 'Udon Thani' },
      { key: 'korat', location: 'Korat' },
      { key: 'ubon', location: 'Ubon Ratchathani' },
      { key: 'nongKhai', location: 'Nong Khai' },
    ],
  },
  {
    key: 'northAndCoast',
    places: [
      { key: 'chiangMai', location: 'Chiang Mai' },
      { key: 'phuket', location: 'Phuket' },
      { key: 'pattaya', location: 'Pattaya' },
      { key: 'huaHin', location: 'Hua Hin' },
    ],
  },
];

export const placeKeyOf = (location: string | undefined) =>
  LOCATION_GROUPS.flatMap((g) => g.places).find((p) => p.location === location)?.key;

type Props = {
  location: string | undefined;
  /** The address of the results in a place (`?location=Korat`), or anywhere: the wide list is made of links. */
  hrefFor: (location: string | undefined) => string;
  /** The narrow screens' select picked a place. */
  onChange: (location: string | undefined) => void;
};

/**
 * The Buy or rent location groups: a list of links beside the results on wide screens (it works without
 * JavaScript); one select above them on narrow ones, where the full list would push the first result two screens down.
 */
export function LocationPicker({ location, hrefFor, onChange }: Props) {
  const { t } = useTranslation('listings');
  const id = useId();
  return (
    <aside aria-label={t('buyRent.locations')} className="space-y-5">
      <label className="block lg:hidden">
        <span className="mb-1 block text-sm font-semibold text-slate-800">{t('buyRent.locations')}</span>
        <select
          value={location ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none"
        >
          <option value="">{t('buyRent.allLocations')}</option>
          {/* A location from an old link that is in no group still shows as chosen. */}
          {location && !placeKeyOf(location) ? <option value={location}>{location}</option> : null}
          {LOCATION_GROUPS.map((group) => (
            <optgroup key={group.key} label={t(`groups.${group.key}`)}>
              {group.places.map((place) => (
                <option key={place.key} value={place.location}>
                  {t(`places.${place.key}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <div className="hidden space-y-5 lg:block">
        <h2 id={`${id}-places`} className="text-lg font-bold text-slate-900">
          {t('buyRent.locations')}
        </h2>
        <Link
          to={hrefFor(undefined)}
          preventScrollReset
          aria-current={!location ? 'true' : undefined}
          className={`block w-full rounded-lg px-3 py-2 text-left text-sm font-semibold ${!location ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
        >
          {t('buyRent.allLocations')}
        </Link>
        {LOCATION_GROUPS.map((group) => (
          <section key={group.key} aria-labelledby={`${id}-${group.key}`}>
            <h3 id={`${id}-${group.key}`} className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {t(`groups.${group.key}`)}
            </h3>
            <ul className="space-y-1">
              {group.places.map((place) => (
                <li key={place.key}>
                  <Link
                    to={hrefFor(place.location)}
                    preventScrollReset
                    aria-current={location === place.location ? 'true' : undefined}
                    className={`flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left text-sm ${
                      location === place.location
                        ? 'bg-teal-700 font-semibold text-white'
                        : 'text-slate-800 hover:bg-slate-100'
                    }`}
                  >
                    <MapPin className="size-4 shrink-0" aria-hidden="true" />
                    {t(`places.${place.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </aside>
  );
}
