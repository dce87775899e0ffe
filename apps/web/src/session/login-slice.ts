import type { User } from '@baan/contract';
import type { UnknownAction } from 'redux';
import { actionCreator } from './action';

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

export const loggedIn = actionCreator<{ user: SessionUser; token: string }>('login/loggedIn');
export const userUpdated = actionCreator<SessionUser>('login/userUpdated');
export const tokenReplaced = actionCreator<string>('login/tokenReplaced');
export const loggedOut = actionCreator('login/loggedOut');

/** The session's part of the store (`state.login`). */
export function loginReducer(state: LoginState | undefined, action: UnknownAction): LoginState {
  const current = state ?? initialLoginState();
  if (loggedIn.match(action))
    return { user: action.payload.user, token: action.payload.token, isAuthenticated: true, isRestoring: false };
  if (userUpdated.match(action)) return { ...current, user: action.payload };
  if (tokenReplaced.match(action)) return { ...current, token: action.payload };
  if (loggedOut.match(action)) return { user: null, token: null, isAuthenticated: false, isRestoring: false };
  return current;
}
