import { type ReactNode, useId } from 'react';
import { House } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';

/** The centred card every account screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Link to="/" className="mb-6 inline-flex items-center gap-2 text-lg font-extrabold text-teal-800" tabIndex={-1}>
          <span className="grid size-8 place-items-center rounded-lg bg-teal-700 text-white">
            <House className="size-4" aria-hidden="true" />
          </span>
          Baan
        </Link>
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function SubmitButton({
  isBusy,
  label,
  busyLabel,
  disabled,
}: {
  isBusy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={isBusy || disabled}
      aria-busy={isBusy || undefined}
      className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white transition-colors hover:bg-teal-800 disabled:cursor-not-allowed disabled:bg-slate-400"
    >
      {isBusy ? busyLabel : label}
    </button>
  );
}

export const linkClass = 'font-semibold text-teal-800 underline-offset-2 hover:underline';
