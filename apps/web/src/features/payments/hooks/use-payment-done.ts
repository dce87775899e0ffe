import { useNavigate } from '../../../i18n/localized-router';
import { userUpdated } from '../../../session/login-slice';
import { useAppDispatch, useAppSelector } from '../../../session/store';

/** After a paid card payment: bring the stored user's subscription up to date, show success. */
export function usePaymentDone() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const sessionUser = useAppSelector((state) => state.login.user);
  return (subscription: { package_id: number | null; ends_at: string | null } | null) => {
    // The stored user carries the subscription (header, dashboard): bring it up to date now.
    if (sessionUser && subscription) {
      dispatch(
        userUpdated({
          ...sessionUser,
          subscription: { is_active: 1, package_id: subscription.package_id, ends_at: subscription.ends_at },
        }),
      );
    }
    navigate('/payment-success', { replace: true });
  };
}
