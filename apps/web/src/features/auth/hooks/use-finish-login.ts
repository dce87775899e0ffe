import type { LoginPayload } from '@baan/contract';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { loggedIn } from '../../../app/login-slice';
import { useAppDispatch } from '../../../app/store';
import { useNavigate } from '../../../i18n/localized-router';
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

/**
 * After a successful login: keep the token where remember-me says, put the user in the store, and go
 * where the person was headed, else home with an active package, else to choose one (spec 4).
 */
export function useFinishLogin() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    ({ user, token }: LoginPayload, remember: boolean) => {
      storeToken(token, remember);
      dispatch(loggedIn({ user, token }));
      const target = redirectFrom(location.state) ?? (user.subscription.is_active === 1 ? '/' : '/select-package');
      navigate(target, { replace: true });
    },
    [dispatch, navigate, location.state],
  );
}
