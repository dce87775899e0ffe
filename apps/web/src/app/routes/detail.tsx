import type { Property } from '@baan/contract';
import { Mail, MapPin, Phone, Star } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { NotFound } from '../../components/ui/NotFound';
import { useGetPropertyQuery } from '../../features/listings/api/listings-api';
import { ImageCarousel } from '../../features/listings/components/ImageCarousel';
import { ListError } from '../../features/listings/components/ListState';
import { PropertySpecs } from '../../features/listings/components/PropertySpecs';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';
import { formatPrice } from '../../features/listings/lib/format';
import { loadNamespaces } from '../../i18n';
import { useAppSelector } from '../store';

// Below the fold and the only part of the page that needs the contract's zod schemas: its own chunk.
const InquiryForm = lazy(async () => {
  // Its translations load with it, not after it renders.
  const [{ InquiryForm }] = await Promise.all([
    import('../../features/contact/components/InquiryForm'),
    loadNamespaces(['contact']),
  ]);
  return { default: InquiryForm };
});

function headStart(state: unknown, id: number): Property | undefined {
  if (typeof state !== 'object' || state === null || !('property' in state)) return undefined;
  const property = (state as { property: Property }).property;
  return property?.id === id ? property : undefined;
}

/**
 * A listing's page. It always fetches by id, so a direct visit, a reload or a shared link works;
 * the card's navigation state only fills the page while that request runs.
 */
export function Component() {
  const { t } = useTranslation('listings');
  const { id: rawId } = useParams();
  const location = useLocation();
  const id = /^\d{1,10}$/.test(rawId ?? '') ? Number(rawId) : 0;
  const { data, error, isLoading } = useGetPropertyQuery(id, { skip: id < 1 });
  const property = data ?? headStart(location.state, id);
  const user = useAppSelector((state) => state.login.user);
  usePageMeta(property?.title, property?.description.slice(0, 160));

  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (id < 1 || status === 404) return <NotFound />;
  if (error && !property) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ListError error={error} />
      </div>
    );
  }
  if (!property) {
    return (
      // As tall as the page it stands for, so nothing below it (the footer) jumps when the listing arrives.
      <div role="status" className="mx-auto min-h-svh max-w-7xl px-4 py-10 sm:px-6">
        <span className="sr-only">{t('state.loading')}</span>
        <div aria-hidden="true" className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="aspect-[3/2] animate-pulse rounded-2xl bg-slate-200" />
          <div className="space-y-4">
            <div className="h-8 w-3/4 animate-pulse rounded bg-slate-200" />
            <div className="h-5 w-1/2 animate-pulse rounded bg-slate-200" />
            <div className="h-10 w-1/3 animate-pulse rounded bg-slate-200" />
          </div>
        </div>
      </div>
    );
  }

  const isRent = property.type === 'rent';
  const owner = property.owner;
  // The wire has no owner id; the owner's e-mail is unique per account. Only the fetched listing carries the owner,
  // so the form waits for it rather than flash for the owner while the card's copy shows.
  const isOwnListing = Boolean(user && owner && owner.email.toLowerCase() === user.email.toLowerCase());
  const canMessageOwner = Boolean(data?.owner) && !isOwnListing;
  return (
    <article className="mx-auto max-w-7xl px-4 py-10 sm:px-6" aria-busy={isLoading}>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <ImageCarousel images={property.images} title={property.title} />
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <span
              className={`rounded-md px-2.5 py-1 text-xs font-semibold text-white ${isRent ? 'bg-blue-700' : 'bg-green-700'}`}
            >
              {isRent ? t('card.forRent') : t('card.forSale')}
            </span>
            {property.is_featured === 1 ? (
              <span className="inline-flex items-center gap-1 rounded-md bg-amber-400 px-2.5 py-1 text-xs font-semibold text-amber-950">
                <Star className="size-3" aria-hidden="true" />
                {t('card.featured')}
              </span>
            ) : null}
          </div>
          <h1 className="text-3xl font-bold text-balance text-slate-900">{property.title}</h1>
          <p className="flex items-center gap-2 text-slate-700">
            <MapPin className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
            {property.location}
          </p>
          <p className="text-3xl font-extrabold text-teal-800">
            {formatPrice(property.price)}
            {isRent ? <span className="text-base font-medium text-slate-600"> {t('card.perMonth')}</span> : null}
          </p>
          <div className="flex flex-wrap gap-3">
            {owner?.phone_number ? (
              <a
                href={`tel:${owner.phone_number.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-2 rounded-lg bg-teal-700 px-5 py-3 text-sm font-semibold text-white hover:bg-teal-800"
              >
                <Phone className="size-4" aria-hidden="true" />
                {t('detail.callNow')}
              </a>
            ) : null}
            {owner?.email ? (
              <a
                href={`mailto:${owner.email}?subject=${encodeURIComponent(property.title)}`}
                className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-5 py-3 text-sm font-semibold text-teal-800 hover:bg-teal-50"
              >
                <Mail className="size-4" aria-hidden="true" />
                {t('detail.email')}
              </a>
            ) : null}
          </div>
          {owner ? <p className="text-sm text-slate-600">{t('detail.listedBy', { name: owner.name })}</p> : null}
        </div>
      </div>
      <PropertySpecs property={property} />
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="detail-description" className="max-w-3xl">
          <h2 id="detail-description" className="mb-3 text-xl font-bold text-slate-900">
            {t('detail.description')}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{property.description}</p>
        </section>
        {canMessageOwner ? (
          <Suspense fallback={null}>
            <InquiryForm
              // A session restored after the first paint fills the form in: a new sender starts a fresh form.
              key={user?.email ?? 'visitor'}
              propertyId={property.id}
              sender={user ? { name: user.name, email: user.email } : undefined}
            />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}
