import { hasFloors, type Property } from '@baan/contract';
import type { ReactNode } from 'react';
import { Home, X } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { numberFormat } from '../../../lib/intl-cache';
import { formatLandArea, isLandListing } from '../../../lib/land-area';
import { useLocalizePlace } from '../../../lib/places/use-localize-place';
import { rentalTermLabel, rentalTermText, SHOWN_TERMS } from '../../../lib/rental-terms';

const baht = numberFormat('en-US', { maximumFractionDigits: 0 });
const formatBaht = (value: number) => `฿${baht.format(value)}`;

/** How the page words the facts the listing pages word the same way (the route passes the listings feature's). */
export interface CompareFormat {
  /** "฿55,556/m²", or null without an area. */
  pricePerSqm(property: Property): string | null;
  /** "650 m to BTS Asok" (the station in Thai for Thai readers), or null without a station within reach. */
  station(property: Property): string | null;
  /** The title deed's name, or null when not given. */
  titleDeed(property: Property): string | null;
  /** "Condo", "Villa" … */
  subType(property: Property): string;
}

type Props = {
  items: Property[];
  format: CompareFormat;
  onRemove: (id: number) => void;
};

/**
 * Listings side by side: one column a listing (photo, title linking to it, a remove button), one row a fact. The row
 * headers stay in view while a narrow screen scrolls the listings sideways.
 */
export function CompareTable({ items, format, onRemove }: Props) {
  const { t, i18n } = useTranslation('tools');
  const localizePlace = useLocalizePlace();
  const missing = (
    <span>
      <span aria-hidden="true">{t('compare.notGiven')}</span>
      <span className="sr-only">{t('compare.notGivenLabel')}</span>
    </span>
  );
  const or = (value: string | null) => value ?? missing;
  const rows: { key: string; label: string; cell: (p: Property) => ReactNode }[] = [
    {
      key: 'price',
      label: t('compare.rows.price'),
      cell: (p) => (
        <span className="font-bold text-teal-800">
          {p.type === 'rent' ? t('compare.perMonth', { price: formatBaht(p.price) }) : formatBaht(p.price)}
        </span>
      ),
    },
    { key: 'pricePerSqm', label: t('compare.rows.pricePerSqm'), cell: (p) => or(format.pricePerSqm(p)) },
    {
      key: 'area',
      label: t('compare.rows.area'),
      cell: (p) =>
        p.area <= 0
          ? missing
          : isLandListing(p)
            ? formatLandArea(t, appLanguage(i18n.language), p.area, { withSqm: true })
            : t('compare.sqm', { area: baht.format(p.area) }),
    },
    {
      key: 'rooms',
      label: t('compare.rows.rooms'),
      cell: (p) =>
        hasFloors(p.property_sub_type) ? t('compare.rooms', { beds: p.bed_rooms, baths: p.bath_rooms }) : missing,
    },
    { key: 'station', label: t('compare.rows.station'), cell: (p) => or(format.station(p)) },
    { key: 'titleDeed', label: t('compare.rows.titleDeed'), cell: (p) => or(format.titleDeed(p)) },
    {
      key: 'foreignQuota',
      label: t('compare.rows.foreignQuota'),
      // Foreign quota is a condo's: other homes have none to speak of.
      cell: (p) =>
        p.property_sub_type !== 'condo'
          ? missing
          : p.foreign_quota === 1
            ? t('compare.quotaYes')
            : t('compare.quotaNo'),
    },
    // The rental terms (a sale listing has none: "not given"); the words are the listing page's.
    {
      key: 'moveInCost',
      label: t('rentalTerms.moveInCost', { ns: 'listings' }),
      cell: (p) => (p.move_in_cost === null ? missing : formatBaht(p.move_in_cost)),
    },
    ...SHOWN_TERMS.map((name) => ({
      key: name,
      label: rentalTermLabel(name, t),
      cell: (p: Property) => or(rentalTermText(p, name, t, appLanguage(i18n.language))),
    })),
    { key: 'type', label: t('compare.rows.type'), cell: (p) => format.subType(p) },
    { key: 'location', label: t('compare.rows.location'), cell: (p) => localizePlace(p.location) },
  ];
  const rowHeader =
    'sticky left-0 z-10 w-28 min-w-28 border-r border-slate-200 bg-slate-50 px-3 py-3 text-left align-top text-sm font-semibold text-slate-700 sm:w-40 sm:min-w-40';
  return (
    // Scrolls sideways on a narrow screen, the row headers staying in view. `relative`: the cells' screen-reader-only
    // words are absolutely positioned; without a positioned ancestor here they escape the scrolling and stretch the
    // whole page (507 px wide at 375 px with three listings).
    <section
      aria-labelledby="compare-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-3 focus-visible:outline-teal-600"
    >
      <table className="w-full border-collapse text-sm text-slate-800" data-testid="compare-table">
        <caption id="compare-caption" className="sr-only">
          {t('compare.caption')}
        </caption>
        <thead>
          <tr>
            <td className={`${rowHeader} bg-slate-50`}>
              <span className="sr-only">{t('compare.listing')}</span>
            </td>
            {items.map((p) => (
              <th key={p.id} scope="col" className="w-56 min-w-44 border-b border-slate-200 p-3 text-left align-top">
                <div className="flex flex-col gap-2">
                  <Photo property={p} />
                  <Link
                    to={`/detail/${p.id}`}
                    className="line-clamp-3 text-base font-semibold text-slate-900 underline-offset-2 hover:underline"
                  >
                    {p.title}
                  </Link>
                  <button
                    type="button"
                    onClick={() => onRemove(p.id)}
                    aria-label={t('compare.removeLabel', { title: p.title })}
                    className="inline-flex items-center gap-1 self-start rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                  >
                    <X className="size-3.5" aria-hidden="true" />
                    {t('compare.remove')}
                  </button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-b-0" data-row={row.key}>
              <th scope="row" className={rowHeader}>
                {row.label}
              </th>
              {items.map((p) => (
                <td key={p.id} className="px-3 py-3 align-top">
                  {row.cell(p)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className={rowHeader}>
              <span className="sr-only">{t('compare.view')}</span>
            </th>
            {items.map((p) => (
              <td key={p.id} className="px-3 py-3">
                <Link
                  to={`/detail/${p.id}`}
                  aria-label={t('compare.viewLabel', { title: p.title })}
                  className="inline-flex rounded-lg bg-teal-700 px-3 py-2 text-sm font-semibold text-white hover:bg-teal-800"
                >
                  {t('compare.view')}
                </Link>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function Photo({ property }: { property: Property }) {
  const image = property.images[0];
  if (!image) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-slate-100 text-slate-400">
        <Home className="size-8" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={image.image_path}
      srcSet={image.srcset}
      sizes="224px"
      width={image.width}
      height={image.height}
      alt=""
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] w-full rounded-lg object-cover"
    />
  );
}
