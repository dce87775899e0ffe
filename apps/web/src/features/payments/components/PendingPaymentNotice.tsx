import { Clock } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { useGetSubscriptionQuery } from '../api/payments-api';
import { formatBaht } from '../hooks/checkout-state';
import { useQrReviewTime } from '../hooks/use-review-time';

/**
 * On the package page, for someone whose payment waits (a PromptPay receipt an admin has not decided on yet): what
 * they paid for, when, how long approval usually takes, and that there is no need to pay again. Nothing otherwise.
 */
export function PendingPaymentNotice() {
  const { t, i18n } = useTranslation('payments');
  const { data } = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const reviewTime = useQrReviewTime();
  const pending = data?.pending_payment;
  if (!pending) return null;
  const values = {
    amount: formatBaht(pending.amount),
    name: pending.package_name,
    date: formatDate(pending.created_at, i18n.language),
  };
  return (
    <div
      role="status"
      className="mb-8 flex items-start gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950"
      data-testid="pending-payment"
    >
      <Clock className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{t(`pending.${pending.method}`, values)}</p>
        <p className="text-sm">
          {pending.method === 'qr' ? `${reviewTime} ` : ''}
          {t('pending.noNeed')}{' '}
          <Link to="/dashboard" className="font-semibold underline underline-offset-2">
            {t('pending.dashboard')}
          </Link>
        </p>
      </div>
    </div>
  );
}
