import type { Property } from '@baan/contract';
import { lazy, Suspense } from 'react';
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { isNoLongerAvailable, PropertyDetail } from '../../features/listings/components/PropertyDetail';
import { useContactClick, useViewBeacon } from '../../features/listings/lib/listing-events';
import { listingJsonLd, summary } from '../../features/listings/lib/listing-json-ld';
import { loadNamespaces } from '../../i18n';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';
import { useAppSelector } from '../store';

export const handle = { i18n: ['listings'] };

/** Ids are positive PostgreSQL integers; anything else names no listing. */
const LISTING_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = LISTING_ID.test(params.id ?? '') ? Number(params.id) : 0;
  const property = id > 0 && id <= MAX_ID ? await context.pages.getProperty(id) : null;
  // Missing, hidden, paused or not (yet) approved: the not-found screen with a 404.
  if (!property) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const t = fixedT(language);
  const seo = pageSeo({
    request,
    context,
    title: `${property.title} · ${property.location}`,
    description: summary(property.description),
    image: property.cover_image,
    // Sold and rented pages stay reachable and marked, but out of search engines (ADR 017).
    ...(isNoLongerAvailable(property) ? { robots: 'noindex' } : {}),
    jsonLd: [
      listingJsonLd(property, context.publicUrl, `${context.publicUrl}${new URL(request.url).pathname}`),
      breadcrumbs(context, language, [
        { name: t('nav.home'), path: '/' },
        { name: t('nav.quickSearch'), path: '/Quick' },
        { name: property.title, path: `/detail/${property.id}` },
      ]),
    ],
  });
  return { property, seo };
}

/** The main photo needs no preload here: React preloads an <img> marked fetchPriority="high" (ImageCarousel). */
export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

// Below the fold and the only part of the page that needs the contract's zod schemas: its own chunk.
const InquiryForm = lazy(async () => {
  const [{ InquiryForm }] = await Promise.all([
    import('../../features/contact/components/InquiryForm'),
    loadNamespaces(['contact']),
  ]);
  return { default: InquiryForm };
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

/** /detail/:id: a listing, rendered on the server with its data; the browser then reports the view (not the server). */
export default function Detail() {
  const { property } = useLoaderData<typeof loader>();
  const user = useAppSelector((state) => state.login.user);
  const isOwner = ownsListing(user, property.owner);
  useViewBeacon(property.id);
  const contactClick = useContactClick(property.id);
  return (
    <PropertyDetail
      property={property}
      isOwner={isOwner}
      // The owner trying their own buttons is no lead.
      onContact={isOwner ? undefined : contactClick}
      aside={<Inquiry property={property} isOwner={isOwner} />}
    />
  );
}
