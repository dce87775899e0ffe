import { useTranslation } from '../../../i18n/use-translation';
import { useGetCardConfigQuery } from '../api/payments-api';

/**
 * "Transfers are usually approved within 3 hours." from the server's median of recent decisions
 * (`qr_review_hours`), or "…within one working day" while too few were decided to say.
 */
export function useQrReviewTime(): string {
  const { t } = useTranslation('payments');
  const { data } = useGetCardConfigQuery();
  const hours = data?.qr_review_hours ?? null;
  return hours === null ? t('review.workingDay') : t('review.hours', { count: hours });
}
