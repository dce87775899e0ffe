import type { Property } from '@baan/contract';
import { lazy, Suspense } from 'react';
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { PropertyDetail } from '../../features/listings/components/PropertyDetail';
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
  // Missing, hidden or paused: the not-found screen with a 404.
  if (!property) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  const t = fixedT(language);
  const seo = pageSeo({
    request,
    context,
    title: `${property.title} · ${property.location}`,
    description: summary(property.description),
    image: property.cover_image,
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

/** The inquiry form beside the description, for anyone but the listing's owner (known by the unique e-mail). */
function Inquiry({ property }: { property: Property }) {
  const user = useAppSelector((state) => state.login.user);
  const owner = property.owner;
  if (!owner || (user && owner.email.toLowerCase() === user.email.toLowerCase())) return null;
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

/** /detail/:id: a listing, rendered on the server with its data. */
export default function Detail() {
  const { property } = useLoaderData<typeof loader>();
  return <PropertyDetail property={property} aside={<Inquiry property={property} />} />;
}
