import { ADMIN_MESSAGES, JOB_MESSAGES, PAYMENT_MESSAGES, PROJECT_MESSAGES } from '@baan/contract';
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/** Server messages the console knows, by their English text, to show them in the reader's language. */
const KNOWN: Record<string, string> = {
  [ADMIN_MESSAGES.propertyNotFound]: 'serverMessages.propertyNotFound',
  [ADMIN_MESSAGES.userNotFound]: 'serverMessages.userNotFound',
  [ADMIN_MESSAGES.packageNotFound]: 'serverMessages.packageNotFound',
  [ADMIN_MESSAGES.cannotDisableSelf]: 'serverMessages.cannotDisableSelf',
  [ADMIN_MESSAGES.packageRetired]: 'serverMessages.packageRetired',
  [ADMIN_MESSAGES.notPending]: 'serverMessages.listingNotPending',
  [PAYMENT_MESSAGES.notPending]: 'serverMessages.notPending',
  [PAYMENT_MESSAGES.cannotReviewOwn]: 'serverMessages.cannotReviewOwn',
  'Payment not found.': 'serverMessages.paymentNotFound',
  [JOB_MESSAGES.notFound]: 'serverMessages.jobNotFound',
  [JOB_MESSAGES.notRetryable]: 'serverMessages.jobNotRetryable',
  [PROJECT_MESSAGES.idNotFound]: 'serverMessages.projectNotFound',
  [PROJECT_MESSAGES.mergeIntoSelf]: 'serverMessages.mergeIntoSelf',
  [PROJECT_MESSAGES.mergeIntoMerged]: 'serverMessages.mergeIntoMerged',
  [PROJECT_MESSAGES.mergeTargetMissing]: 'serverMessages.mergeTargetMissing',
  [PROJECT_MESSAGES.slugTaken]: 'serverMessages.slugTaken',
  [PROJECT_MESSAGES.alreadyApproved]: 'serverMessages.projectAlreadyApproved',
};

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' && error.message ? error.message : undefined;
}

/**
 * A clear, translated message for a failed call: the known server messages translated, then the server's own
 * message, then one by status.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  return useCallback(
    (error: unknown) => {
      const status = statusOf(error);
      const message = messageOf(error);
      if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return t('errors.network');
      if (status === 401) return t('errors.sessionExpired');
      if (status === 403) return t('errors.forbidden');
      const known = message ? KNOWN[message] : undefined;
      if (known) return t(known);
      if (message && typeof status === 'number') return message;
      if (status === 404) return t('errors.notFound');
      return t('errors.generic');
    },
    [t],
  );
}
