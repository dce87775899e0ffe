import type { User } from '@baan/contract';
import type { LoginState } from '../session/login-slice';

/** A user object as GET /api/user returns it, for tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Somchai Jaidee',
    email: 'somchai@example.com',
    role: 'user',
    company_name: null,
    profile_image: null,
    phone_number: null,
    phone_verified: 0,
    line_id: null,
    subscription: { is_active: 0, package_id: null, ends_at: null },
    ...overrides,
  };
}

/** The login slice of someone signed in. */
export function signedIn(overrides: Partial<User> = {}, token = 'test-token'): LoginState {
  return { user: makeUser(overrides), token, isAuthenticated: true, isRestoring: false };
}
