import { type ReactNode, useRef } from 'react';
import { Loader2 } from '../../../components/ui/icons';
import { Navigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetSubscriptionQuery } from '../api/payments-api';
import { NEEDS_PACKAGE } from '../hooks/package-notice';

/**
 * Pages that need an active package (the Add Property click rule, spec section 4): the subscription is checked when
 * the page opens, not when its form is sent; without an active one, or when the check fails, the person goes to the
 * package choice, which says why.
 */
export function RequireActivePackage({ children }: { children: ReactNode }) {
  const { t } = useTranslation('payments');
  // A fresh answer each time the page opens: a package may have ended (or been bought) since the last check.
  const { data, isFetching, isError } = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  // Once let in, a later refetch never unmounts the page and the work in it.
  const hasPassed = useRef(false);
  if (hasPassed.current) return <>{children}</>;
  if (isFetching) {
    return (
      <div role="status" className="mx-auto flex min-h-svh max-w-4xl items-start gap-2 px-4 py-10 text-slate-600">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t('selectPackage.checking')}
      </div>
    );
  }
  if (isError || data?.is_active !== 1) return <Navigate to="/select-package" replace state={NEEDS_PACKAGE} />;
  hasPassed.current = true;
  return <>{children}</>;
}
