import { MAX_FAVORITES } from '@baan/contract';
import { useCallback, useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { toast } from '../lib/toast';
import { favoritesLoaded, mergeLocalFavorites, readLocalFavorites, toggleFavorite } from './favorites';
import { useAppDispatch, useAppSelector } from './store';

/**
 * Keeps the favourites in the store in step with the session, after hydration only (the server renders every heart
 * unpressed): a visitor's come from this browser; at login they move to the account, whose list then shows.
 */
export function FavoritesSync() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.login.isAuthenticated);
  const isRestoring = useAppSelector((s) => s.login.isRestoring);
  const token = useAppSelector((s) => s.login.token);
  useEffect(() => {
    if (isRestoring) return;
    if (!isAuthenticated || !token) {
      dispatch(favoritesLoaded({ ids: readLocalFavorites(), source: 'local' }));
      return;
    }
    let isCurrent = true;
    void mergeLocalFavorites(token).then((ids) => {
      if (isCurrent) dispatch(favoritesLoaded({ ids, source: 'account' }));
    });
    return () => {
      isCurrent = false;
    };
  }, [dispatch, isAuthenticated, isRestoring, token]);
  return null;
}

/** Whether a listing is a favourite (false on the server and until the page is live), and a toggle for its heart. */
export function useFavorite(id: number) {
  const { t } = useTranslation('listings');
  const dispatch = useAppDispatch();
  const isFavorite = useAppSelector((s) => s.favorites.ids.includes(id));
  const toggle = useCallback(async () => {
    const outcome = await dispatch(toggleFavorite(id));
    if (outcome === 'full') toast.error(t('favorite.tooMany', { max: MAX_FAVORITES }));
    else if (outcome === 'failed') toast.error(t('favorite.failed'));
    return outcome === 'ok';
  }, [dispatch, id, t]);
  return { isFavorite, toggle };
}

/** How many favourites this visitor has (0 until the page is live). */
export function useFavoriteCount(): number {
  return useAppSelector((s) => s.favorites.ids.length);
}
