import type { Property } from '@baan/contract';
import type { ReactNode } from 'react';
import { Heart, HeartOff, Info, Loader2 } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAppSelector } from '../../../session/store';
import { useFavorite } from '../../../session/use-favorite';
import { useGetFavoriteListingQuery, useGetFavoritesQuery } from '../api/favorites-api';

export type RenderCard = (property: Property) => ReactNode;

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * /favorites: the server renders the heading; the list fills in the browser (this browser's favourites for a
 * visitor, the account's once signed in). The route passes the card to draw (the listings feature's).
 */
export function FavoritesPage({ renderCard }: { renderCard: RenderCard }) {
  const { t } = useTranslation('saved');
  const isHydrated = useHydrated();
  const { isAuthenticated, isRestoring } = useAppSelector((s) => s.login);
  const { ids, source } = useAppSelector((s) => s.favorites);
  const isReady = isHydrated && !isRestoring && source === (isAuthenticated ? 'account' : 'local');

  return (
    <section aria-labelledby="favorites-title" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex items-center gap-3">
        <Heart className="size-7 fill-rose-600 text-rose-600" aria-hidden="true" />
        <h1 id="favorites-title" className="text-3xl font-bold text-slate-900">
          {t('favorites.title')}
        </h1>
      </div>
      <p className="mt-2 text-slate-700">{t('favorites.lead')}</p>
      {isReady && !isAuthenticated ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-teal-200 bg-teal-50 px-4 py-3 text-sm text-teal-950">
          <Info className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
          <span>{t('favorites.guestHint')}</span>
          <Link to="/login" state={{ redirectFrom: '/favorites' }} className="font-semibold text-teal-800 underline">
            {t('favorites.login')}
          </Link>
        </p>
      ) : null}
      <div className="mt-6">
        {!isReady ? (
          <LoadingState label={t('favorites.loading')} />
        ) : ids.length === 0 ? (
          <Empty />
        ) : isAuthenticated ? (
          <AccountFavorites ids={ids} renderCard={renderCard} />
        ) : (
          <ul aria-label={t('favorites.listLabel')} className={GRID}>
            {ids.map((id) => (
              <li key={id}>
                <GuestFavorite id={id} renderCard={renderCard} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Empty() {
  const { t } = useTranslation('saved');
  return (
    <div role="status" className="rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <HeartOff className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{t('favorites.empty')}</p>
      <p className="mt-1 text-slate-600">{t('favorites.emptyHint')}</p>
      <Link
        to="/Quick"
        className="mt-5 inline-block rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800"
      >
        {t('favorites.browse')}
      </Link>
    </div>
  );
}

/** The account's favourites; one un-hearted here leaves the list at once. */
function AccountFavorites({ ids, renderCard }: { ids: number[]; renderCard: RenderCard }) {
  const { t } = useTranslation('saved');
  const { data, isLoading, isError, refetch } = useGetFavoritesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isError)
    return <ErrorState message={t('favorites.loadFailed')} retryLabel={t('favorites.retry')} onRetry={refetch} />;
  if (isLoading || !data) return <LoadingState label={t('favorites.loading')} />;
  const shown = data.filter((property) => ids.includes(property.id));
  if (shown.length === 0) return <Empty />;
  return (
    <ul aria-label={t('favorites.listLabel')} className={GRID}>
      {shown.map((property) => (
        <li key={property.id}>{renderCard(property)}</li>
      ))}
    </ul>
  );
}

/** One of a visitor's favourites, read on its own; one that is gone (or sold, rented) says so and can be removed. */
function GuestFavorite({ id, renderCard }: { id: number; renderCard: RenderCard }) {
  const { t } = useTranslation('saved');
  const { data, error, isLoading, refetch } = useGetFavoriteListingQuery(id);
  const { toggle } = useFavorite(id);
  if (isLoading) {
    return (
      <div className="grid h-full min-h-72 place-items-center rounded-xl border border-slate-200 bg-white">
        <Loader2 className="size-6 animate-spin text-slate-400" aria-label={t('favorites.loading')} />
      </div>
    );
  }
  const isGone =
    (data && data.status !== 'active') || (isApiError(error) && (error.status === 404 || error.status === 400));
  if (data && !isGone) return <>{renderCard(data)}</>;
  if (!isGone) {
    return <ErrorState message={t('favorites.loadFailed')} retryLabel={t('favorites.retry')} onRetry={refetch} />;
  }
  return (
    <article className="flex h-full flex-col justify-between gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5">
      <div>
        <h2 className="font-semibold text-slate-900">{data?.title ?? t('favorites.unavailable')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {data ? t('favorites.unavailable') : t('favorites.unavailableHint', { id })}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={t('favorites.removeUnavailable', { id })}
        className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        <HeartOff className="size-4" aria-hidden="true" />
        {t('favorites.remove')}
      </button>
    </article>
  );
}
