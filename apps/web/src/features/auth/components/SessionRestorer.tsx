import { useEffect } from 'react';
import { loggedIn, loggedOut } from '../../../session/login-slice';
import { useAppDispatch, useAppSelector } from '../../../session/store';
import { forgetSession } from '../logout';

/**
 * On start-up, a stored token is checked with GET /api/user: the session survives a reload, and a
 * token the server no longer accepts (expired, password changed) is forgotten. The account calls (and RTK Query)
 * load only then: a visitor without a stored token does not fetch them at start-up.
 */
export function SessionRestorer() {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.login.token);
  const isRestoring = useAppSelector((s) => s.login.isRestoring);

  useEffect(() => {
    if (!isRestoring || !token) return;
    import('../api/auth-api').then(
      ({ authApi }) => {
        const request = dispatch(authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true }));
        request
          .unwrap()
          .then((user) => dispatch(loggedIn({ user, token })))
          .catch((error: { status?: unknown }) => {
            // The server already refuses the token: nothing to end there, only to forget here.
            if (error?.status === 401) dispatch(forgetSession());
            // Offline or a server hiccup: keep the token for the next start, but do not claim a session.
            else dispatch(loggedOut());
          })
          .finally(() => request.unsubscribe());
      },
      // The chunk did not load (offline): as for a failed check, no session this time.
      () => dispatch(loggedOut()),
    );
  }, [dispatch, isRestoring, token]);

  return null;
}
