import type { OwnTextEdit } from '@baan/contract';
import { Clock, XCircle } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * Above the edit form (ADR 017, M5): the owner's new title or description that waits for review while visitors see the
 * approved text (the form shows that one), or the last one Baan refused, with the admin's reason.
 */
export function TextEditNotice({ edit }: { edit: OwnTextEdit }) {
  const { t } = useTranslation('property');
  if (edit.state === 'rejected') {
    return (
      <div
        role="note"
        className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p>{t('edit.textRejected')}</p>
          {edit.note ? (
            <p className="mt-1 font-semibold wrap-anywhere">{t('edit.textRejectedNote', { note: edit.note })}</p>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div
      role="note"
      className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p>{t('edit.textPending')}</p>
        {edit.title !== null ? (
          <p className="mt-2">
            <span className="font-semibold">{t('edit.textPendingTitle')}</span>{' '}
            <span className="wrap-anywhere">{edit.title}</span>
          </p>
        ) : null}
        {edit.description !== null ? (
          <div className="mt-2">
            <p className="font-semibold">{t('edit.textPendingDescription')}</p>
            <p className="mt-0.5 line-clamp-4 whitespace-pre-line wrap-anywhere">{edit.description}</p>
          </div>
        ) : null}
        <p className="mt-2">{t('edit.textPendingForm')}</p>
      </div>
    </div>
  );
}
