import { useId, useRef } from 'react';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation: focus moves in (to Cancel, the safe choice), Tab stays inside, Escape cancels, and focus
 * returns to whatever had it before (the caller moves it elsewhere if that element is gone).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  isBusy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Dialog
      titleId={titleId}
      descriptionId={messageId}
      isBusy={isBusy}
      onClose={onCancel}
      initialFocusRef={cancelRef}
      className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-sm text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={isBusy}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => {
            if (!isBusy) onConfirm();
          }}
          aria-disabled={isBusy ? true : undefined}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 aria-disabled:opacity-60"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
