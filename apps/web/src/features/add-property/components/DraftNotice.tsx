import { useId, useState } from 'react';
import { History, X } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

interface DraftNoticeProps {
  /** Names of the draft's photos that must be chosen again. */
  missingPhotos: string[];
  onDiscard: () => void;
  onClose: () => void;
}

/** Says that the form was filled from a saved draft, which photos to choose again, and offers to start over. */
export function DraftNotice({ missingPhotos, onDiscard, onClose }: DraftNoticeProps) {
  const { t } = useTranslation('property');
  const [isConfirming, setIsConfirming] = useState(false);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <History className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-semibold">
          {t('draft.title')}
        </h2>
        <p className="mt-1">{t('draft.restored')}</p>
        {missingPhotos.length > 0 ? (
          <p className="mt-1 wrap-anywhere">{t('draft.photos', { names: missingPhotos.join(', ') })}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {isConfirming ? (
            <>
              <span role="status" className="font-medium">
                {t('draft.confirm')}
              </span>
              <button
                type="button"
                onClick={onDiscard}
                className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
              >
                {t('draft.discardYes')}
              </button>
              <button
                type="button"
                onClick={() => setIsConfirming(false)}
                className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100"
              >
                {t('draft.keep')}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => setIsConfirming(true)}
              className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100"
            >
              {t('draft.discard')}
            </button>
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('draft.close')}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-amber-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
