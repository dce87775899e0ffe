import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const TOKEN_KEY = 'token';

/** The signed-in user as the header needs it; the full shape comes from the contract once /api/login exists. */
export interface SessionUser {
  id: number | string;
  name: string;
  email: string;
  role?: 'admin' | 'user';
}

export interface LoginState {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The spec's initial state: unauthenticated, with whatever token storage holds. */
export function initialLoginState(): LoginState {
  return { user: null, token: readStoredToken(), isAuthenticated: false };
}

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.isAuthenticated = true;
    },
    loggedOut(state) {
      state.user = null;
      state.token = null;
      state.isAuthenticated = false;
    },
  },
});

export const { loggedIn, loggedOut } = loginSlice.actions;
