import { FlaskConical } from '../../../components/ui/icons';

/** The amber "Test mode" / "Demo" label over a payment method that moves no money. */
export function SimulatedNotice({ badge, children }: { badge: string; children: string }) {
  return (
    <div className="flex w-full items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900">
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold tracking-wide uppercase">
          {badge}
        </span>
        {children}
      </p>
    </div>
  );
}
