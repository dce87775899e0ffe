import type { LoginPayload } from '@baan/contract';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useNavigate } from '../../../i18n/localized-router';
import { loggedIn } from '../../../session/login-slice';
import { useAppDispatch } from '../../../session/store';
import { storeToken } from '../session';

function redirectFrom(state: unknown): string | undefined {
  if (
    typeof state === 'object' &&
    state !== null &&
    'redirectFrom' in state &&
    typeof state.redirectFrom === 'string'
  ) {
    // Only paths inside this app.
    return state.redirectFrom.startsWith('/') && !state.redirectFrom.startsWith('//') ? state.redirectFrom : undefined;
  }
  return undefined;
}

/** Where a login leads when the person was not headed anywhere: an admin to the console; others as spec 4 says. */
export function landingAfterLogin(user: LoginPayload['user']): string {
  if (user.role === 'admin') return '/admin';
  return user.subscription.is_active === 1 ? '/' : '/select-package';
}

/**
 * After a successful login: keep the token where remember-me says, put the user in the store, and go
 * where the person was headed, else where landingAfterLogin says (an admin never lands on "Choose your package").
 */
export function useFinishLogin() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    ({ user, token }: LoginPayload, remember: boolean) => {
      storeToken(token, remember);
      dispatch(loggedIn({ user, token }));
      const target = redirectFrom(location.state) ?? landingAfterLogin(user);
      navigate(target, { replace: true });
    },
    [dispatch, navigate, location.state],
  );
}
