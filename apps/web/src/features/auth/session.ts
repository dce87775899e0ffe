import { TOKEN_KEY } from '../../session/login-slice';

/**
 * Keeps the token where remember-me says: localStorage survives closing the browser, sessionStorage
 * ends with the tab. Only one of them ever holds it.
 */
export function storeToken(token: string, remember: boolean): void {
  try {
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
    (remember ? sessionStorage : localStorage).removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable (private mode, quota): the session lasts for this page only.
  }
}

/** Replaces the token in whichever storage holds it (after a password change). */
export function replaceStoredToken(token: string): void {
  try {
    if (localStorage.getItem(TOKEN_KEY) !== null) localStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // See storeToken.
  }
}

const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

/** The address waiting for its sign-up code, so /otp survives a reload. */
export function rememberPendingEmail(email: string): void {
  try {
    sessionStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Navigation state still carries it.
  }
}

export function pendingEmail(): string | null {
  try {
    return sessionStorage.getItem(PENDING_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function forgetPendingEmail(): void {
  try {
    sessionStorage.removeItem(PENDING_EMAIL_KEY);
  } catch {
    // Nothing to forget.
  }
}
