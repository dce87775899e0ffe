import { type ReactNode, useId } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { X } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for detail views and images. */
  size?: 'md' | 'lg';
  isBusy?: boolean;
}

/**
 * A modal dialog for the console's forms and detail views: the shared Dialog (focus moves to the first field, or
 * close; Tab stays inside; Escape closes; focus goes back where it was) with a title bar and a close button.
 */
export function Modal({ title, onClose, children, size = 'md', isBusy }: ModalProps) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <Dialog
      titleId={titleId}
      isBusy={isBusy}
      onClose={onClose}
      backdropClassName="p-3 sm:p-4"
      className={`flex max-h-[calc(100svh-1.5rem)] w-full flex-col rounded-2xl bg-white shadow-xl ${size === 'lg' ? 'max-w-3xl' : 'max-w-md'}`}
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          disabled={isBusy}
          aria-label={t('common.close')}
          className="grid size-8 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="overflow-y-auto px-5 py-4">{children}</div>
    </Dialog>
  );
}
