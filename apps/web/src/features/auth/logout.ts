import type { Dispatch } from 'redux';
import { loggedOut, TOKEN_KEY } from '../../session/login-slice';
import { loadedApi } from '../../session/store';

/**
 * Logs out: asks the server to end this token (POST /api/logout, so a copy of it stops working
 * too), and forgets the session here at once, whether or not the server could be reached.
 */
export function logout() {
  return (dispatch: Dispatch, getState: () => { login: { token: string | null } }) => {
    const { token } = getState().login;
    if (token) endTokenOnServer(token);
    forgetSession()(dispatch);
  };
}

function endTokenOnServer(token: string): void {
  // A plain fetch: RTK Query may not have loaded, and the request must outlive the navigation that
  // follows (keepalive). Offline or refused, the local logout below still happens.
  const request = new Request(`${window.location.origin}/api/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    keepalive: true,
  });
  fetch(request).catch(() => {});
}

/** Forgets the token everywhere it can live, empties the cache of private data, and resets the session. */
export function forgetSession() {
  return (dispatch: Dispatch) => {
    try {
      localStorage.removeItem(TOKEN_KEY);
      sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // Storage unavailable: nothing was stored there either.
    }
    dispatch(loggedOut());
    // Nothing is cached before RTK Query has loaded (session/store.ts).
    const api = loadedApi();
    if (api) dispatch(api.util.resetApiState());
  };
}
