import { useNavigate } from '../../../i18n/localized-router';
import { useAppDispatch, useAppSelector } from '../../../session/store';
import { NEEDS_PACKAGE } from './package-notice';

/**
 * The Add Property button (spec section 4): logged out → /login; an active subscription →
 * /add-property; otherwise, or when the check fails → /select-package. The header has this button on every page,
 * so the payments calls (and RTK Query) load with the first click, not with the page.
 */
export function useAddPropertyClick() {
  const navigate = useNavigate();
  const isAuthenticated = useAppSelector((state) => state.login.isAuthenticated);
  const dispatch = useAppDispatch();
  return async () => {
    if (!isAuthenticated) {
      navigate('/login');
      return;
    }
    try {
      const { paymentsApi } = await import('../api/payments-api');
      const request = dispatch(paymentsApi.endpoints.getSubscription.initiate(undefined, { forceRefetch: true }));
      try {
        const status = await request.unwrap();
        if (status.is_active === 1) navigate('/add-property');
        else navigate('/select-package', { state: NEEDS_PACKAGE });
      } finally {
        request.unsubscribe();
      }
    } catch {
      navigate('/select-package', { state: NEEDS_PACKAGE });
    }
  };
}
