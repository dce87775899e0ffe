import type { Dispatch } from '@reduxjs/toolkit';
import { loadedApi } from '../../app/store';
import { loggedOut, TOKEN_KEY } from './login-slice';

/** Forgets the token everywhere it can live, empties the cache of private data, and resets the session. */
export function logout() {
  return (dispatch: Dispatch) => {
    try {
      localStorage.removeItem(TOKEN_KEY);
      sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // Storage unavailable: nothing was stored there either.
    }
    dispatch(loggedOut());
    // Nothing is cached before RTK Query has loaded (app/store.ts).
    const api = loadedApi();
    if (api) dispatch(api.util.resetApiState());
  };
}
