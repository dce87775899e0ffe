import { forgetSession } from '../../features/auth/logout';
import { ConfirmAccountDeletion } from '../../features/privacy/components/ConfirmAccountDeletion';
import { useNavigate } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../session/store';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments', 'privacy'] };

/**
 * /dashboard/settings/delete-account#token=…: the e-mailed link's page (ADR 023). Once the account is deleted the
 * session is forgotten here (the server has ended every token already) and the person lands on the home page.
 */
export default function DeleteAccount() {
  const { t } = useTranslation('privacy');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <ConfirmAccountDeletion
      onDeleted={() => {
        dispatch(forgetSession());
        navigate('/', { replace: true });
        toast.success(t('messages.deleted'));
      }}
    />
  );
}
