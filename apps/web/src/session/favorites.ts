import type { Dispatch, UnknownAction } from 'redux';
import { actionCreator } from './action';
import type { LoginState } from './login-slice';

/**
 * Favourites (docs/api.md "Buyers"): the listing ids someone hearted. A visitor without an account keeps them in this
 * browser (localStorage); signed in, they live in the account (PUT/DELETE /api/user/favorites/{id}), and at login the
 * browser's ones move there. The store starts empty on the server and in the browser alike, so the first render of
 * a heart matches the server's HTML; {@link useFavoritesSync} fills it once the page is live.
 *
 * Plain fetch, not RTK Query: hearts are on the home page, whose entry chunk carries no data library.
 */
export const FAVORITES_KEY = 'favorites';

export interface FavoritesState {
  ids: number[];
  /** Where `ids` came from: nowhere yet (server render, before hydration), this browser, or the account. */
  source: 'none' | 'local' | 'account';
}

const initialState: FavoritesState = { ids: [], source: 'none' };

export const favoritesLoaded = actionCreator<{ ids: number[]; source: 'local' | 'account' }>(
  'favorites/favoritesLoaded',
);
export const favoriteAdded = actionCreator<number>('favorites/favoriteAdded');
export const favoriteRemoved = actionCreator<number>('favorites/favoriteRemoved');

/** The hearts' part of the store (`state.favorites`). */
export function favoritesReducer(state: FavoritesState | undefined, action: UnknownAction): FavoritesState {
  const current = state ?? initialState;
  if (favoritesLoaded.match(action)) return { ids: action.payload.ids, source: action.payload.source };
  if (favoriteAdded.match(action))
    return current.ids.includes(action.payload) ? current : { ...current, ids: [action.payload, ...current.ids] };
  if (favoriteRemoved.match(action)) return { ...current, ids: current.ids.filter((id) => id !== action.payload) };
  return current;
}

interface State {
  login: LoginState;
  favorites: FavoritesState;
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The ids this browser keeps (newest first); [] when there are none or storage is unavailable. */
export function readLocalFavorites(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? [...new Set(parsed.filter(isId))] : [];
  } catch {
    return [];
  }
}

function writeLocalFavorites(ids: number[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(FAVORITES_KEY);
    else localStorage.setItem(FAVORITES_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable (private mode, quota): the hearts last for this page only.
  }
}

function apiRequest(path: string, method: string, token: string): Request {
  return new Request(`${window.location.origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
}

type SendResult = 'ok' | 'gone' | 'full' | 'failed';

/**
 * PUT or DELETE /api/user/favorites/{id}: 'gone' when the listing does not exist (404, 400), 'full' when the account
 * keeps MAX_FAVORITES already (409), 'failed' otherwise.
 */
async function sendFavorite(token: string, id: number, method: 'PUT' | 'DELETE'): Promise<SendResult> {
  try {
    const response = await fetch(apiRequest(`/user/favorites/${id}`, method, token));
    if (response.ok) return 'ok';
    if (response.status === 409) return 'full';
    return response.status === 404 || response.status === 400 ? 'gone' : 'failed';
  } catch {
    return 'failed';
  }
}

/** GET /api/user/favorites: the account's favourites (still-active listings), or null when it could not be read. */
export async function fetchAccountFavorites(token: string): Promise<{ id: number }[] | null> {
  try {
    const response = await fetch(apiRequest('/user/favorites', 'GET', token));
    if (!response.ok) return null;
    const body = (await response.json()) as { payload?: unknown };
    return Array.isArray(body.payload) ? (body.payload as { id: number }[]).filter((p) => isId(p?.id)) : null;
  } catch {
    return null;
  }
}

/**
 * At login (any way: the login form, sign-up with its code, a restored session): each of this browser's favourites
 * is PUT to the account and the browser's list emptied (one the server could not take for a passing reason stays
 * for the next login); then the account's list is the one shown.
 */
export async function mergeLocalFavorites(token: string): Promise<number[]> {
  const kept: number[] = [];
  const sent: number[] = [];
  for (const id of readLocalFavorites()) {
    const result = await sendFavorite(token, id, 'PUT');
    if (result === 'failed' || result === 'full') kept.push(id);
    else if (result === 'ok') sent.push(id);
  }
  writeLocalFavorites(kept);
  const account = await fetchAccountFavorites(token);
  // The account's list could not be read: show what is known to be in it (the page offers to try again), never
  // wait for ever.
  return account ? account.map((p) => p.id) : sent;
}

/**
 * Hearts or un-hearts a listing. A visitor's change is written to this browser at once; an account's is shown at
 * once and sent, and undone if the server refuses it. Resolves 'ok', or why it was undone: 'full' when the account
 * keeps MAX_FAVORITES already, 'failed' otherwise.
 */
export function toggleFavorite(id: number) {
  return async (dispatch: Dispatch, getState: () => State): Promise<'ok' | 'full' | 'failed'> => {
    const { favorites, login } = getState();
    const wasFavorite = favorites.ids.includes(id);
    dispatch(wasFavorite ? favoriteRemoved(id) : favoriteAdded(id));
    if (!login.isAuthenticated || !login.token) {
      const local = readLocalFavorites().filter((other) => other !== id);
      writeLocalFavorites(wasFavorite ? local : [id, ...local]);
      return 'ok';
    }
    const result = await sendFavorite(login.token, id, wasFavorite ? 'DELETE' : 'PUT');
    // Removing a listing that no longer exists is done all the same.
    if (result === 'ok' || (wasFavorite && result === 'gone')) return 'ok';
    dispatch(wasFavorite ? favoriteAdded(id) : favoriteRemoved(id));
    return result === 'full' ? 'full' : 'failed';
  };
}
