import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';

/** A failed statistics call in the reader's language: by its status (the API's own wording is English). */
export function useStatsError(): (error: unknown) => string {
  const { t } = useTranslation('stats');
  return useCallback(
    (error: unknown) => {
      const status = isApiError(error) ? error.status : undefined;
      if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return t('errors.network');
      if (status === 401) return t('errors.sessionExpired');
      if (status === 403 || status === 404) return t('errors.notFound');
      return t('errors.generic');
    },
    [t],
  );
}
