import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { connectionCheck } from '../../lib/proof-of-work';

/**
 * "Checking your connection…" while the API client solves a proof-of-work challenge (lib/proof-of-work.ts,
 * ADR 019): a burst of requests from this network, usually a second's work. A polite live region, always there,
 * so screen readers hear it when it fills; no `status` role, which belongs to each screen's own messages.
 */
export function ConnectionCheck() {
  const { t } = useTranslation();
  const isChecking = useSyncExternalStore(connectionCheck.subscribe, connectionCheck.isChecking, () => false);
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {isChecking && (
        <p className="flex items-center gap-2 rounded-full bg-slate-900/95 px-4 py-2 text-sm text-white shadow-lg ring-1 ring-white/30">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
          {t('connection.checking')}
        </p>
      )}
    </div>
  );
}
