import type { GuideSlug, ListingType, PropertySubType, PropertyTypeCounts } from '@baan/contract';
import { type ReactNode, useId, useState } from 'react';
import { AppStoreBadges } from '../../../../components/ui/AppStoreBadges';
import {
  ArrowRight,
  Briefcase,
  Building,
  Building2,
  Castle,
  Home,
  Hotel,
  Ruler,
  ScrollText,
  Smartphone,
  Trees,
} from '../../../../components/ui/icons';
import { Link } from '../../../../i18n/localized-router';
import { useTranslation } from '../../../../i18n/use-translation';
import { formatNumber } from '../../lib/format';
import type { HomeData, NearLocation } from '../../lib/home-data';
import { PropertyGrid } from '../PropertyGrid';
import { PropertyImage } from '../PropertyImage';
import { TypeCarousel } from '../TypeCarousel';

function Section({
  title,
  intro,
  children,
  tinted = false,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={tinted ? 'bg-slate-50' : undefined}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-2 max-w-2xl text-slate-600">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

function PropertyTypes({ counts }: { counts: PropertyTypeCounts }) {
  const { t } = useTranslation('listings');
  return (
    <Section title={t('home.typesHeading')} intro={t('home.typesIntro')}>
      <TypeCarousel counts={counts} />
    </Section>
  );
}

/** The newest listings for sale or for rent: both arrive with the page, so the switch shows the other at once. */
function NewProjects({ listings }: { listings: HomeData['newListings'] }) {
  const { t } = useTranslation('listings');
  const [type, setType] = useState<ListingType>('sale');
  return (
    <Section title={t('home.newProjects')} intro={t('home.newProjectsIntro')} tinted>
      <div className="mb-6 flex gap-2">
        {(['sale', 'rent'] as const).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={type === key}
            onClick={() => setType(key)}
            className={`rounded-full px-5 py-2 text-sm font-semibold ${
              type === key
                ? 'bg-teal-700 text-white'
                : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100'
            }`}
          >
            {key === 'sale' ? t('home.forSale') : t('home.forRent')}
          </button>
        ))}
      </div>
      <PropertyGrid
        items={listings[type]}
        isLoading={false}
        error={undefined}
        loadingCount={8}
        label={t('home.newProjects')}
        eagerCount={0}
      />
      <div className="mt-8 text-center">
        <Link
          to={`/Quick?type=${type}`}
          className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-5 py-2.5 text-sm font-semibold text-teal-800 hover:bg-teal-50"
        >
          {t('home.seeAll')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </Section>
  );
}

const TILES: { key: string; subType: PropertySubType; icon: ReactNode; tint: string }[] = [
  {
    key: 'office',
    subType: 'office',
    icon: <Briefcase className="size-7" aria-hidden="true" />,
    tint: 'from-slate-700 to-slate-900',
  },
  {
    key: 'apartments',
    subType: 'apartment',
    icon: <Hotel className="size-7" aria-hidden="true" />,
    tint: 'from-sky-700 to-sky-900',
  },
  {
    key: 'houses',
    subType: 'house',
    icon: <Home className="size-7" aria-hidden="true" />,
    tint: 'from-emerald-700 to-emerald-900',
  },
  {
    key: 'bungalow',
    subType: 'bungalow',
    icon: <Trees className="size-7" aria-hidden="true" />,
    tint: 'from-lime-700 to-green-900',
  },
  {
    key: 'townhome',
    subType: 'townhouse',
    icon: <Building className="size-7" aria-hidden="true" />,
    tint: 'from-amber-700 to-orange-900',
  },
  {
    key: 'villa',
    subType: 'villa',
    icon: <Castle className="size-7" aria-hidden="true" />,
    tint: 'from-rose-700 to-rose-900',
  },
];

function ApartmentTypes() {
  const { t } = useTranslation('listings');
  return (
    <Section title={t('home.apartmentTypes')} intro={t('home.apartmentTypesIntro')}>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        {TILES.map((tile) => (
          <li key={tile.key}>
            <Link
              to={`/Quick?sub_type=${tile.subType}`}
              className={`flex h-32 flex-col justify-between rounded-2xl bg-gradient-to-br p-4 text-white shadow-sm transition-transform hover:-translate-y-0.5 ${tile.tint}`}
            >
              {tile.icon}
              <span className="text-base font-semibold">{t(`home.tiles.${tile.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The guides' cards (their words: `home.guides.<slug>`; their pages: /guides/<slug>, GUIDE_SLUGS). */
const GUIDE_CARDS: { slug: GuideSlug; tint: string; icon: ReactNode }[] = [
  {
    slug: 'title-deeds',
    tint: 'from-teal-600 to-cyan-700',
    icon: <ScrollText className="size-10" aria-hidden="true" />,
  },
  {
    slug: 'foreign-buyers',
    tint: 'from-indigo-600 to-blue-700',
    icon: <Building2 className="size-10" aria-hidden="true" />,
  },
  { slug: 'land-units', tint: 'from-amber-600 to-orange-700', icon: <Ruler className="size-10" aria-hidden="true" /> },
];

/**
 * Guides, not news: Baan has no newsroom, so dated "news" would be filler; what Thai portals (DDproperty's guides,
 * Hipflat's) offer a buyer that lasts is how Thai property works, and these three explain what Baan's own filters
 * ask about (title deed, foreign quota, land units).
 */
function Guides() {
  const { t } = useTranslation('listings');
  return (
    <Section title={t('home.guides.title')} intro={t('home.guides.intro')} tinted>
      <ul className="grid gap-6 md:grid-cols-3">
        {GUIDE_CARDS.map((item) => (
          <li key={item.slug}>
            <Link
              to={`/guides/${item.slug}`}
              className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
            >
              <div className={`flex h-32 items-center justify-center bg-gradient-to-br text-white/90 ${item.tint}`}>
                {item.icon}
              </div>
              <div className="flex flex-1 flex-col gap-2 p-5">
                <p className="text-xs font-semibold tracking-wide text-teal-800 uppercase">
                  {t(`home.guides.${item.slug}.category`)}
                </p>
                <h3 className="text-lg font-semibold text-slate-900 group-hover:underline">
                  {t(`home.guides.${item.slug}.title`)}
                </h3>
                <p className="flex-1 text-sm text-slate-600">{t(`home.guides.${item.slug}.summary`)}</p>
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-teal-800">
                  {t('home.guides.read')}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function NearCard({ place: { key: placeKey, location, total, image } }: { place: NearLocation }) {
  const { t } = useTranslation('listings');
  return (
    <Link
      to={`/Quick?${new URLSearchParams({ q: location })}`}
      className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="h-40 overflow-hidden bg-slate-200">
        {image ? (
          <PropertyImage
            image={image}
            alt=""
            sizes="(min-width: 1024px) 300px, 50vw"
            className="h-40 w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : null}
      </div>
      <div className="p-4">
        <h3 className="text-lg font-semibold text-slate-900">{t(`places.${placeKey}`)}</h3>
        <p className="text-sm text-slate-600">
          {t('home.propertiesCount', { count: total, total: formatNumber(total) })}
        </p>
      </div>
    </Link>
  );
}

function NearLocations({ places }: { places: NearLocation[] }) {
  const { t } = useTranslation('listings');
  return (
    <Section title={t('home.nearLocations')} intro={t('home.nearLocationsIntro')}>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {places.map((place) => (
          <li key={place.key}>
            <NearCard place={place} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Partner wordmarks, drawn as text: brand names are not translated. */
const PARTNERS = [
  { name: 'Siam Prime', tag: 'Realty', color: 'text-teal-800' },
  { name: 'Andaman', tag: 'Coast Homes', color: 'text-sky-800' },
  { name: 'Lanna', tag: 'Living', color: 'text-emerald-800' },
  { name: 'Chao Phraya', tag: 'Developments', color: 'text-indigo-800' },
  { name: 'Isan', tag: 'Land Co.', color: 'text-amber-800' },
  { name: 'Krungthep', tag: 'Home Loans', color: 'text-rose-800' },
];

function Partners() {
  const { t } = useTranslation('listings');
  return (
    <Section title={t('home.partners')} intro={t('home.partnersIntro')} tinted>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {PARTNERS.map((p) => (
          <li
            key={p.name}
            className="flex h-20 flex-col items-center justify-center rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            <span className={`text-lg font-extrabold tracking-tight ${p.color}`}>{p.name}</span>
            <span className="text-xs font-medium tracking-widest text-slate-600 uppercase">{p.tag}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function AppBanner() {
  const { t } = useTranslation('listings');
  const id = useId();
  return (
    <section aria-labelledby={id} className="bg-teal-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-8 px-4 py-14 sm:px-6 md:flex-row md:justify-between">
        <div className="flex items-start gap-5">
          <Smartphone className="size-12 shrink-0 text-teal-700" aria-hidden="true" />
          <div>
            <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
              {t('home.appTitle')}
            </h2>
            <p className="mt-2 max-w-xl text-slate-700">{t('home.appText')}</p>
          </div>
        </div>
        <AppStoreBadges comingSoon={t('home.appComingSoon')} />
      </div>
    </section>
  );
}

/**
 * The home page below the banner: the spec's sections in order, with the data its loader read. The news cards are
 * guides (see Guides), and the spec's used-cars promotion is gone: Baan sells no cars, and the banner led to the
 * contact form.
 */
export function HomeSections({ data }: { data: HomeData }) {
  return (
    <>
      <PropertyTypes counts={data.typeCounts} />
      <NewProjects listings={data.newListings} />
      <ApartmentTypes />
      <Guides />
      <NearLocations places={data.near} />
      <Partners />
      <AppBanner />
    </>
  );
}
