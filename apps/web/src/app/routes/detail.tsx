import type { Property } from '@baan/contract';
import { lazy, Suspense, useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
  useRouteError,
} from 'react-router';
import { NotFound } from '../../components/ui/NotFound';
import { isNoLongerAvailable, PropertyDetail } from '../../features/listings/components/PropertyDetail';
import { PropertyGrid } from '../../features/listings/components/PropertyGrid';
import { loadDetailData, NO_LISTING } from '../../features/listings/lib/detail-data';
import { useContactClick, useViewBeacon } from '../../features/listings/lib/listing-events';
import { listingJsonLd, summary } from '../../features/listings/lib/listing-json-ld';
import { ListingAddress, ListingMap } from '../../features/map/components/ListingMap';
import { MortgageCalculator } from '../../features/tools/components/MortgageCalculator';
import { ShareButtons } from '../../features/tools/components/ShareButtons';
import { loadNamespaces } from '../../i18n';
import { fixedT } from '../../i18n/i18n.server';
import { useTranslation } from '../../i18n/use-translation';
import { localizePlace } from '../../lib/places/localize-place';
import { useLocalizePlace } from '../../lib/places/use-localize-place';
import { CompareButton } from '../../session/compare-toggle';
import { recordView } from '../../session/recently-viewed';
import { useAppSelector } from '../../session/store';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['listings', 'tools', 'map', 'units'] };

/** Ids are positive PostgreSQL integers; anything else names no listing. */
const LISTING_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = LISTING_ID.test(params.id ?? '') ? Number(params.id) : 0;
  const valid = id > 0 && id <= MAX_ID;
  // The listing, listings like it and its price history, read together (features/listings/lib/detail-data.ts).
  const { property, noLongerAvailable, similar, priceHistory } = valid ? await loadDetailData(context, id) : NO_LISTING;
  const language = requestLanguage(request);
  const tListings = fixedT(language, 'listings');
  if (!property) {
    // Paused, hidden or its owner disabled: still a 404, but the page says the listing is no longer available and
    // offers similar ones (never a word of its own). Missing or never approved: the plain not-found screen.
    if (noLongerAvailable) {
      const gone: GoneListing = { gone: true, title: tListings('detail.gone.title'), similar };
      throw data(gone, { status: 404 });
    }
    throw data(null, { status: 404 });
  }
  const t = fixedT(language);
  const place = localizePlace(property.location, language, (key) => tListings(`places.${key}`));
  const seo = pageSeo({
    request,
    context,
    title: `${property.title} · ${place}`,
    description: summary(property.description),
    image: property.cover_image,
    // Sold and rented pages stay reachable and marked, but out of search engines (ADR 017).
    ...(isNoLongerAvailable(property) ? { robots: 'noindex' } : {}),
    jsonLd: [
      listingJsonLd(
        { ...property, location: place },
        context.publicUrl,
        `${context.publicUrl}${new URL(request.url).pathname}`,
      ),
      breadcrumbs(context, language, [
        { name: t('nav.home'), path: '/' },
        { name: t('nav.quickSearch'), path: '/Quick' },
        { name: property.title, path: `/detail/${property.id}` },
      ]),
    ],
  });
  // The page's view and contact-click beacons count only with it (ADR 020).
  return { property, similar, priceHistory, seo, viewToken: context.pages.viewToken(property.id) };
}

/** What the loader throws (with a 404) for a listing no longer available: its title in the page's language and similar listings. */
type GoneListing = { gone: true; title: string; similar: Property[] };

function goneListing(error: unknown): GoneListing | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const body = error.data as Partial<GoneListing> | null;
  return body?.gone === true && Array.isArray(body.similar) ? (body as GoneListing) : null;
}

/**
 * The main photo needs no preload here: React preloads an <img> marked fetchPriority="high" (ImageCarousel). A 404
 * (this route's own error screen) is titled as the layout's not-found screen is, or as the listing no longer
 * available, and never indexed.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!error) return seoMeta(data?.seo);
  // The layout's (routes/pages.tsx) loader has the not-found title in the page's language.
  const notFoundTitle = matches
    .map((match) => (match?.data as { notFoundTitle?: unknown } | undefined)?.notFoundTitle)
    .find((title): title is string => typeof title === 'string');
  const gone = goneListing(error);
  return [
    { title: gone ? `${gone.title} | Baan` : (notFoundTitle ?? "We can't find that page | Baan") },
    { name: 'robots', content: 'noindex' },
  ];
};

/** A listing no longer available: the not-found screen saying so, with listings like it; anything else: not found. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('listings');
  const gone = goneListing(error);
  if (!gone) return <NotFound />;
  return (
    <NotFound title={gone.title} message={t('detail.gone.message')}>
      <SimilarListings items={gone.similar} />
    </NotFound>
  );
}

// Below the fold and the only part of the page that needs the contract's zod schemas: its own chunk.
const InquiryForm = lazy(async () => {
  const [{ InquiryForm }] = await Promise.all([
    import('../../features/contact/components/InquiryForm'),
    loadNamespaces(['contact']),
  ]);
  return { default: InquiryForm };
});

// "Book a viewing" (viewings feature, ADR 035): its own chunk too; it shows itself only when the owner offers free hours.
const BookViewingForm = lazy(async () => {
  const [{ BookViewingForm }] = await Promise.all([
    import('../../features/viewings/components/BookViewingForm'),
    loadNamespaces(['viewings']),
  ]);
  return { default: BookViewingForm };
});

type SessionUser = { id: number; email: string } | null;

/** Whether the signed-in user owns the listing: by user id, or by the (unique) e-mail when an older server sends no id. */
function ownsListing(user: SessionUser, owner: Property['owner']): boolean {
  if (!user || !owner) return false;
  return owner.id === user.id || owner.email.toLowerCase() === user.email.toLowerCase();
}

/** The inquiry form beside the description, for anyone but the listing's owner. */
function Inquiry({ property, isOwner }: { property: Property; isOwner: boolean }) {
  const user = useAppSelector((state) => state.login.user);
  if (!property.owner || isOwner) return null;
  return (
    <Suspense fallback={null}>
      <InquiryForm
        // A session restored after the first paint fills the form in: a new sender starts a fresh form.
        key={user?.email ?? 'visitor'}
        propertyId={property.id}
        sender={user ? { name: user.name, email: user.email } : undefined}
      />
    </Suspense>
  );
}

/** A viewing request beside the inquiry, for anyone but the listing's owner (guests too). */
function BookViewing({ property, isOwner }: { property: Property; isOwner: boolean }) {
  const user = useAppSelector((state) => state.login.user);
  if (!property.owner || isOwner) return null;
  return (
    <Suspense fallback={null}>
      <BookViewingForm
        key={user?.email ?? 'visitor'}
        listingId={property.id}
        user={user ? { name: user.name, email: user.email, phone: user.phone_number } : null}
      />
    </Suspense>
  );
}

/** /detail/:id: a listing, rendered on the server with its data; the browser then reports the view (not the server). */
export default function Detail() {
  const { property, similar, priceHistory, seo, viewToken } = useLoaderData<typeof loader>();
  const user = useAppSelector((state) => state.login.user);
  const isOwner = ownsListing(user, property.owner);
  useViewBeacon(property.id, viewToken);
  useRecordView(property);
  const contactClick = useContactClick(property.id);
  const gone = isNoLongerAvailable(property);
  return (
    <>
      <PropertyDetail
        property={property}
        isOwner={isOwner}
        priceHistory={priceHistory}
        // The owner trying their own buttons is no lead.
        onContact={isOwner ? undefined : contactClick}
        aside={
          <div className="grid gap-6">
            <Inquiry property={property} isOwner={isOwner} />
            <BookViewing property={property} isOwner={isOwner} />
          </div>
        }
        actions={
          <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
            <CompareButton id={property.id} title={property.title} className="self-start" />
            <ShareButtons url={seo.canonical} title={property.title} />
          </div>
        }
      />
      <ListingLocation property={property} />
      {/* A sale still on the market: what it would cost a month (worked out in the browser). */}
      {property.type === 'sale' && !gone ? (
        <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">
          <div className="max-w-3xl">
            <MortgageCalculator key={property.id} price={property.price} />
          </div>
        </div>
      ) : null}
      <SimilarListings items={similar} />
    </>
  );
}

/**
 * Where the listing is: a small map where it has coordinates (mounted in the browser; the server renders its
 * placeholder), and always its address with a link to open it in a full map.
 */
function ListingLocation({ property }: { property: Property }) {
  const { t } = useTranslation('map');
  const localizePlace = useLocalizePlace();
  const { lat, lon, title } = property;
  return (
    <section aria-labelledby="listing-location" className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">
      <div className="max-w-3xl">
        <h2 id="listing-location" className="mb-3 text-xl font-bold text-slate-900">
          {t('listingHeading')}
        </h2>
        {lat != null && lon != null ? <ListingMap key={`${lat},${lon}`} lat={lat} lon={lon} title={title} /> : null}
        <ListingAddress address={localizePlace(property.location)} lat={lat} lon={lon} />
      </div>
    </section>
  );
}

/** This browser's "Recently viewed" list gains the listing (after hydration; the server's HTML is everyone's). */
function useRecordView(property: Property) {
  useEffect(() => {
    recordView(property);
  }, [property]);
}

/** Up to MAX_SIMILAR listings like this one, rendered on the server with the page; nothing when there are none. */
function SimilarListings({ items }: { items: Property[] }) {
  const { t } = useTranslation('tools');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="similar-listings" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
      <h2 id="similar-listings" className="mb-5 text-2xl font-bold text-slate-900">
        {t('similar.title')}
      </h2>
      <PropertyGrid
        items={items}
        isLoading={false}
        error={null}
        loadingCount={0}
        label={t('similar.list')}
        eagerCount={0}
      />
    </section>
  );
}
