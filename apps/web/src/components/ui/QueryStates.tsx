import { AlertTriangle, Inbox, Loader2 } from './icons';

/**
 * A list's or a detail's states while its data is not there: loading, failed (with a retry) and empty. Shared UI:
 * the caller passes the wording, so each feature keeps its own.
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-600">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorState({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  /** The retry button's text. */
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="size-7 text-red-600" aria-hidden="true" />
      <p className="font-semibold text-red-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {retryLabel}
      </button>
    </div>
  );
}

export function EmptyState({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center font-medium text-slate-600"
    >
      <Inbox className="size-7 text-slate-400" aria-hidden="true" />
      {message}
    </p>
  );
}
