import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { useLazyGetSubscriptionQuery } from '../api/payments-api';

/**
 * The Add Property button (spec section 4): logged out → /login; an active subscription →
 * /add-property; otherwise, or when the check fails → /select-package.
 */
export function useAddPropertyClick() {
  const navigate = useNavigate();
  const isAuthenticated = useAppSelector((state) => state.login.isAuthenticated);
  const [checkSubscription] = useLazyGetSubscriptionQuery();
  return async () => {
    if (!isAuthenticated) {
      navigate('/login');
      return;
    }
    try {
      const status = await checkSubscription(undefined, false).unwrap();
      navigate(status.is_active === 1 ? '/add-property' : '/select-package');
    } catch {
      navigate('/select-package');
    }
  };
}
