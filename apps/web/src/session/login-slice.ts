import type { User } from '@baan/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const TOKEN_KEY = 'token';

/** The signed-in user: the user object of docs/api.md. */
export type SessionUser = User;

export interface LoginState {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True while a stored token is being checked with GET /api/user (at start-up). */
  isRestoring: boolean;
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The spec's initial state: unauthenticated, with whatever token storage holds (checked at start-up). */
export function initialLoginState(): LoginState {
  const token = readStoredToken();
  return { user: null, token, isAuthenticated: false, isRestoring: token !== null };
}

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.isAuthenticated = true;
      state.isRestoring = false;
    },
    userUpdated(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
    tokenReplaced(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    loggedOut(state) {
      state.user = null;
      state.token = null;
      state.isAuthenticated = false;
      state.isRestoring = false;
    },
  },
});

export const { loggedIn, loggedOut, userUpdated, tokenReplaced } = loginSlice.actions;
